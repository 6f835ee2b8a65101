import Foundation
import Testing

/// The command-line part of the user docs (`docs/interfaces.md`) held against the real binary's help: every
/// subcommand has its section and every flag it takes is named on the page, so that a new command or flag
/// cannot ship undocumented.
@Suite("docs/interfaces.md: the command line")
struct InterfacesDocumentationTests {
    static let page: String =
        (try? String(
            contentsOf: Impulse.packageRoot.appendingPathComponent("docs/interfaces.md"), encoding: .utf8)) ?? ""

    /// The subcommands `impulse --help` lists.
    static func subcommands() throws -> [String] {
        let help = try Impulse.run(["--help"], in: Impulse.packageRoot).stdout
        guard let section = help.range(of: "SUBCOMMANDS:") else { return [] }
        return help[section.upperBound...].split(separator: "\n").compactMap { line in
            // "  lint                    Check scene files …"; the closing "See 'impulse help …'" line is prose.
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            let name = line.dropFirst(2).prefix { $0.isLetter || $0 == "-" }
            let rest = line.dropFirst(2 + name.count)
            guard !name.isEmpty, rest.isEmpty || rest.hasPrefix("  ") else { return nil }
            return String(name)
        }
    }

    /// The long flags `impulse COMMAND --help` lists under OPTIONS (without `--help` and `--version`).
    static func flags(of command: String) throws -> [String] {
        let help = try Impulse.run([command, "--help"], in: Impulse.packageRoot).stdout
        guard let section = help.range(of: "OPTIONS:") else { return [] }
        var flags: [String] = []
        for line in help[section.upperBound...].split(separator: "\n") where line.hasPrefix("  -") {
            var rest = line[...]
            while let start = rest.range(of: "--") {
                let name = rest[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                rest = rest[start.upperBound...].dropFirst(name.count)
                let flag = "--" + name
                if !name.isEmpty, !["--help", "--version"].contains(flag), !flags.contains(flag) { flags.append(flag) }
            }
        }
        return flags
    }

    @Test func everySubcommandHasASection() throws {
        #expect(!Self.page.isEmpty, "docs/interfaces.md cannot be read")
        let commands = try Self.subcommands()
        #expect(commands.contains("lint") && commands.contains("preview"), "\(commands)")
        let headings = Self.page.split(separator: "\n").filter { $0.hasPrefix("## ") }
        for command in commands {
            #expect(
                headings.contains { $0.hasPrefix("## `impulse \(command)`") },
                "docs/interfaces.md has no section \"## `impulse \(command)`\"")
        }
    }

    @Test func everyFlagOfEverySubcommandIsDocumented() throws {
        let commands = try Self.subcommands()
        var checked = 0
        for command in commands {
            for flag in try Self.flags(of: command) {
                checked += 1
                let documented = Self.page.contains("`\(flag)")
                #expect(documented, "impulse \(command) \(flag) is not in docs/interfaces.md")
            }
        }
        #expect(checked >= 8, "only \(checked) flags found in the help of \(commands)")
    }
}
