// Google's samples and guides `import MLKit`, the umbrella of every ML Kit API: here the two
// this package offers, so that code compiles with its import unchanged.
@_exported import MLKitLanguageID
@_exported import MLKitTranslate
