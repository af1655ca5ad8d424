/// APy's answers as typed values, encoded by `HTTPResponse.encoded` into the bytes its clients
/// read (field names as APy's).
extension ApyRoutes {
    /// APy's error shape.
    struct Failure: Codable, Equatable {
        var status = "error"
        var code: Int
        var message: String
        var explanation: String
    }

    /// APy's envelope of a successful answer: `responseData`, `responseDetails` (always null)
    /// and `responseStatus` 200.
    struct Envelope<Payload: Codable>: Codable {
        var responseData: Payload
        var responseDetails: String?
        var responseStatus = 200

        init(_ data: Payload) {
            responseData = data
        }

        private enum CodingKeys: String, CodingKey {
            case responseData, responseDetails, responseStatus
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(responseData, forKey: .responseData)
            // APy writes null here, where a synthesized encoding would leave the field out.
            try container.encode(responseDetails, forKey: .responseDetails)
            try container.encode(responseStatus, forKey: .responseStatus)
        }
    }

    /// One pair of `/listPairs`.
    struct Pair: Codable, Equatable {
        var sourceLanguage: String
        var targetLanguage: String
    }

    /// `/translate`'s data; `/translateChain`'s with the chain it took (or only the chain, for
    /// no text).
    struct Translation: Codable, Equatable {
        var translatedText: String?
        var translationChain: [String]?
    }

    /// `GET /`: what answers here.
    struct Identity: Codable, Equatable {
        var apis = ["LibreTranslate", "Apertium APy"]
        var name = ServerIdentity.name
        var version = ServerIdentity.version
    }
}
