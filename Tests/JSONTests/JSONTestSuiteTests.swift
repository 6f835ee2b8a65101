import FoundationEssentials
import Testing

@testable import JSON

/// nst/JSONTestSuite: `y_` files are JSON, `n_` files are not, `i_` files may go either way; nothing crashes.
@Suite struct JSONTestSuiteTests {
    private func cases() throws -> [(name: String, bytes: [UInt8])] {
        let names = try #require(
            try? FileManager.default.contentsOfDirectory(atPath: jsonTestSuiteDirectory),
            "JSONTestSuite is missing: expected its test_parsing folder at \(jsonTestSuiteDirectory)")
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            (name, try #require(readBytes(jsonTestSuiteDirectory + "/" + name), "cannot read \(name)"))
        }
    }

    @Test func allCasesArePresent() throws {
        #expect(try cases().count == 318)
    }

    @Test func acceptedCasesParseWithoutSyntaxError() throws {
        for (name, bytes) in try cases() where name.hasPrefix("y_") {
            let document = JSONDocument.parse(bytes)
            #expect(document.syntaxError == nil, "\(name): \(document.syntaxError!.message)")
            #expect(document.root != nil || !document.unsupported.isEmpty, "\(name) has no values")
            #expect(
                JSONValue.parse(bytes) != nil || !document.unsupported.isEmpty, "\(name) rejected by the strict parse")
        }
    }

    @Test func rejectedCasesHaveASyntaxError() throws {
        for (name, bytes) in try cases() where name.hasPrefix("n_") {
            let document = JSONDocument.parse(bytes)
            #expect(document.syntaxError != nil, "\(name) was accepted")
            if let error = document.syntaxError {
                #expect(
                    error.range.lowerBound >= 0 && error.range.upperBound <= bytes.count, "\(name): range out of text")
                #expect(!error.message.isEmpty)
            }
            #expect(JSONValue.parse(bytes) == nil, "\(name) accepted by the strict parse")
        }
    }

    @Test func implementationDefinedCasesEitherParseOrReportAnError() throws {
        for (name, bytes) in try cases() where name.hasPrefix("i_") {
            let document = JSONDocument.parse(bytes)
            let outcome = document.syntaxError != nil || !document.unsupported.isEmpty || document.root != nil
            #expect(outcome, "\(name): neither values nor a problem")
        }
    }
}
