import Foundation
import Testing

@testable import Server

/// The language server's part of the user docs (`docs/interfaces.md`) held against the server: every method of
/// the dispatch table and every command `workspace/executeCommand` runs is named on the page, so that a new
/// feature cannot ship undocumented.
@Suite("docs/interfaces.md: the language server")
struct InterfacesDocumentationTests {
    static let page: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/interfaces.md"), encoding: .utf8)) ?? ""
    }()

    @Test func everyMethodTheServerHandlesIsDocumented() {
        #expect(!Self.page.isEmpty, "docs/interfaces.md cannot be read")
        let methods = LanguageServer.dispatchTable.map(\.method)
        #expect(methods.contains("textDocument/hover"))
        for method in methods {
            let documented = Self.page.contains("`\(method)`")
            #expect(documented, "docs/interfaces.md does not name `\(method)`")
        }
    }

    @Test func everyCommandTheServerRunsIsDocumented() {
        #expect(!LanguageServer.commands.isEmpty)
        for command in LanguageServer.commands {
            let documented = Self.page.contains("`\(command)`")
            #expect(documented, "docs/interfaces.md does not name the command `\(command)`")
        }
    }
}
