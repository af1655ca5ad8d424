import CCLD2
print(hr_cld2_table_size())
for t in ["La vojo estas tre bela kaj la montoj altaj, sed ni bezonis multe da akvo.", "Lo camin es plan polit, mas nos cal portar d'aiga.", "Eg likte turen, men det var ikkje mykje vatn på fjellet."] {
  var r = hr_cld2_result(); let u = Array(t.utf8CString); hr_cld2_detect(u, Int32(u.count-1), 0, &r)
  print(withUnsafeBytes(of: r.top.0.code) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }, r.top.0.percent, r.isReliable)
}
