import Foundation

// Generated Objective-C, lowered to the fragile ABI of GCC's Objective-C runtime, the runtime Debian's GNUstep runs
// on (README, "Generated Objective-C on Linux"). That ABI fixes a class's instance variables in its interface: it has
// no instance variables in `@implementation`, no automatic `@synthesize`, and no instance variable a property could
// make. The lowering does only what that takes:
// - every class interface of the header moves into the implementation file, just before its first
//   `@implementation` (the header keeps `@class Name;` in its place);
// - the instance variables of each `@implementation Name { … }` move into that interface;
// - each instance property (of the interface or of a class extension) gets the instance variable `_name` in the
//   interface and `@synthesize name = _name;` in the implementation;
// - a manually counted file has no weak references: a `weak` property is `assign`, a `__weak` variable
//   `__unsafe_unretained` (ARC's part, which this build cannot run: see the README);
// - a subscript of an NSArray or NSDictionary becomes the message clang sends for it under the modern ABI
//   (`objectAtIndexedSubscript:`, `objectForKeyedSubscript:`, `setObject:atIndexedSubscript:`,
//   `setObject:forKeyedSubscript:`), since clang allows object subscripts on GCC's runtime only as pointer
//   arithmetic. Which names are such objects is read from their declarations: the instance variables (`_name`)
//   anywhere, the parameters and locals in the top-level function or method that declares them, the properties
//   as the last member of a chain (`self.items[…]`).
// Nothing else of the text changes; a file whose shape the lowering does not know is an error, not a guess.

enum FragileABI {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One class interface of the header: its first line, the lines between it and `@end`, and its properties.
    private struct Interface {
        var name: String
        var firstLine: String
        var body: [String]
        var range: Range<Int>
    }

    /// The implementation file, self-contained: the header's text in place of its `#import "type.h"`, with the class
    /// interfaces moved down to the implementations.
    static func lower(header: String, implementation: String, type: String) throws -> String {
        var headerLines = header.components(separatedBy: "\n")
        let headerInterfaces = try interfaces(in: headerLines)
        for interface in headerInterfaces.reversed() {
            headerLines.replaceSubrange(interface.range, with: ["@class \(interface.name);"])
        }

        var lines = implementation.components(separatedBy: "\n")
        var ivars: [String: [String]] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("@implementation "), line.hasSuffix("{") else {
                index += 1
                continue
            }
            let name = String(line.dropFirst("@implementation ".count).dropLast()).trimmingCharacters(in: .whitespaces)
            guard let end = lines[index...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "}" }) else {
                throw Failure(description: "\(type): the instance variables of \(name) do not end")
            }
            ivars[name] = Array(lines[(index + 1)..<end])
            lines.replaceSubrange(index...end, with: ["@implementation \(name)"])
            index += 1
        }

        // Every instance property of a class, from its interface and its class extensions, once by name.
        let localInterfaces = try interfaces(in: lines)
        let extensions = try interfaces(in: lines, extensions: true)
        var propertyVariables: [String: [String]] = [:]
        var synthesized: [String: [String]] = [:]
        for interface in headerInterfaces + localInterfaces + extensions {
            for line in interface.body where line.hasPrefix("@property ") {
                guard let property = try Self.property(line), !property.isClass else { continue }
                let synthesize = "@synthesize \(property.name) = _\(property.name);"
                guard !(synthesized[interface.name] ?? []).contains(synthesize) else { continue }
                propertyVariables[interface.name, default: []].append("    \(property.ivar);")
                synthesized[interface.name, default: []].append(synthesize)
            }
        }
        func declaration(_ interface: Interface) -> [String] {
            [interface.firstLine + " {"] + (ivars[interface.name] ?? []) + (propertyVariables[interface.name] ?? [])
                + ["}"] + interface.body + ["@end"]
        }
        for interface in localInterfaces.reversed() {
            lines.replaceSubrange(interface.range, with: declaration(interface))
        }
        let declared = Set((headerInterfaces + localInterfaces).map(\.name))
        for name in ivars.keys where !declared.contains(name) {
            throw Failure(description: "\(type): @implementation \(name) has no interface")
        }

        guard let first = lines.firstIndex(where: { $0.hasPrefix("@implementation ") || $0.hasPrefix("@interface ") })
        else {
            throw Failure(description: "\(type): no @implementation")
        }
        let hoisted =
            ["NS_ASSUME_NONNULL_BEGIN"] + headerInterfaces.flatMap { declaration($0) + [""] } + [
                "NS_ASSUME_NONNULL_END"
            ]
        var result: [String] = []
        var imported = false
        for (position, line) in lines.enumerated() {
            if position == first { result += hoisted }
            if line == "#import \"\(type).h\"" {
                result += headerLines
                imported = true
                continue
            }
            result.append(line)
            if line.hasPrefix("@implementation "), !line.contains("(") {
                let name = String(line.dropFirst("@implementation ".count)).trimmingCharacters(in: .whitespaces)
                result += synthesized[name] ?? []
            }
        }
        guard imported else {
            throw Failure(description: "\(type): the implementation does not import \"\(type).h\"")
        }
        // A manually counted file has no weak references: `weak` properties are `assign`, `__weak` variables
        // `__unsafe_unretained`.
        let text = result.map { line in
            guard line.hasPrefix("@property ("), let close = line.firstIndex(of: ")") else { return line }
            let attributes = line[line.index(line.startIndex, offsetBy: "@property (".count)..<close]
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .map { $0 == "weak" ? "assign" : $0 }
            return "@property (" + attributes.joined(separator: ", ") + line[close...]
        }.joined(separator: "\n").replacingOccurrences(of: "__weak ", with: "__unsafe_unretained ")
        return try lowerSubscripts(text)
    }

    /// Whether a subscripted object is an array (indexed) or a dictionary (keyed).
    private enum Collection {
        case array, dictionary
    }

    /// The text with every object subscript spelled as its message; top-level constructs end with a line `}`.
    static func lowerSubscripts(_ text: String) throws -> String {
        let segments = text.components(separatedBy: "\n}\n")
        var instanceVariables: [String: Collection] = [:]
        for segment in segments {
            for (name, kind) in try declarations(in: segment) where name.hasPrefix("_") {
                instanceVariables[name] = kind
            }
        }
        let propertyLines = text.components(separatedBy: "\n").filter { $0.hasPrefix("@property ") }
        let properties = try declarations(in: propertyLines.joined(separator: "\n"))
        return try segments.map { segment in
            let names = try declarations(in: segment).merging(instanceVariables) { local, _ in local }
            return try rewrite(Array(segment), names: names, properties: properties)
        }.joined(separator: "\n}\n")
    }

    private static let collectionTypes: [(String, Collection)] = [
        ("NSMutableArray", .array), ("NSArray", .array), ("NSMutableDictionary", .dictionary),
        ("NSDictionary", .dictionary),
    ]

    private static func isIdentifier(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// The names declared with an array or dictionary type in `text` (`NSArray<…> *name`, `(NSArray<…> *)name`).
    private static func declarations(in text: String) throws -> [String: Collection] {
        let characters = Array(text)
        var found: [String: Collection] = [:]
        var index = 0
        while index < characters.count {
            guard let (type, kind) = collectionTypes.first(where: { matches($0.0, characters, at: index) }) else {
                index += 1
                continue
            }
            var position = index + type.count
            index = position
            if position < characters.count, characters[position] == "<" {
                var depth = 0
                while position < characters.count {
                    if characters[position] == "<" { depth += 1 }
                    if characters[position] == ">" { depth -= 1 }
                    position += 1
                    if depth == 0 { break }
                }
            }
            func skipSpaces() { while position < characters.count, characters[position] == " " { position += 1 } }
            skipSpaces()
            guard position < characters.count, characters[position] == "*" else { continue }
            position += 1
            skipSpaces()
            if position < characters.count, characters[position] == ")" { position += 1 }
            skipSpaces()
            var name = ""
            while position < characters.count, isIdentifier(characters[position]) {
                name.append(characters[position])
                position += 1
            }
            guard !name.isEmpty, !["_Nullable", "_Nonnull", "const"].contains(name) else { continue }
            if let known = found[name], known != kind {
                throw Failure(description: "\(name) is declared both as an array and as a dictionary")
            }
            found[name] = kind
        }
        return found
    }

    private static func matches(_ word: String, _ characters: [Character], at index: Int) -> Bool {
        let end = index + word.count
        guard end <= characters.count, String(characters[index..<end]) == word else { return false }
        if index > 0, isIdentifier(characters[index - 1]) { return false }
        return end == characters.count || !isIdentifier(characters[end])
    }

    /// `characters` with the subscripts of `names` (a variable, `name[…]`) and of `properties` (the last member of a
    /// chain, `a.b.name[…]`) spelled as messages.
    private static func rewrite(
        _ characters: [Character], names: [String: Collection], properties: [String: Collection]
    ) throws -> String {
        var out = ""
        var index = 0
        while index < characters.count {
            let startsChain =
                isIdentifier(characters[index]) && !characters[index].isNumber
                && (index == 0 || !(isIdentifier(characters[index - 1]) || ".>".contains(characters[index - 1])))
            guard startsChain else {
                out.append(characters[index])
                index += 1
                continue
            }
            // The chain `a.b.c`.
            var end = index
            var components: [String] = []
            while true {
                var component = ""
                while end < characters.count, isIdentifier(characters[end]) {
                    component.append(characters[end])
                    end += 1
                }
                components.append(component)
                guard end + 1 < characters.count, characters[end] == ".", isIdentifier(characters[end + 1]) else {
                    break
                }
                end += 1
            }
            let chain = String(characters[index..<end])
            let kind = components.count == 1 ? names[components[0]] : properties[components.last!]
            guard let kind, end < characters.count, characters[end] == "[" else {
                out += chain
                index = end
                continue
            }
            guard let close = matchingBracket(characters, from: end) else {
                throw Failure(description: "an unclosed subscript of \(chain)")
            }
            let subscriptText = try rewrite(
                Array(characters[(end + 1)..<close]), names: names, properties: properties)
            var after = close + 1
            while after < characters.count, characters[after] == " " { after += 1 }
            let assigns =
                after + 1 < characters.count && characters[after] == "=" && characters[after + 1] != "="
            if assigns, let semicolon = characters[after...].firstIndex(of: ";") {
                let value = try rewrite(
                    Array(characters[(after + 1)..<semicolon]), names: names, properties: properties
                ).trimmingCharacters(in: .whitespaces)
                let selector = kind == .array ? "atIndexedSubscript" : "forKeyedSubscript"
                out += "[\(chain) setObject:\(value) \(selector):\(subscriptText)]"
                index = semicolon
            } else {
                let selector = kind == .array ? "objectAtIndexedSubscript" : "objectForKeyedSubscript"
                out += "[\(chain) \(selector):\(subscriptText)]"
                index = close + 1
            }
        }
        return out
    }

    private static func matchingBracket(_ characters: [Character], from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < characters.count {
            if characters[index] == "[" { depth += 1 }
            if characters[index] == "]" {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The class interfaces in `lines` (no categories); with `extensions`, the class extensions (`@interface Name ()`).
    private static func interfaces(in lines: [String], extensions: Bool = false) throws -> [Interface] {
        var found: [Interface] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let isExtension = line.contains("()")
            guard line.hasPrefix("@interface "), extensions ? isExtension : !line.contains("(") else {
                index += 1
                continue
            }
            let words = line.dropFirst("@interface ".count).split(whereSeparator: { " :(".contains($0) })
            guard let name = words.first, let end = lines[index...].firstIndex(of: "@end") else {
                throw Failure(description: "an interface without a name or an @end: \(line)")
            }
            found.append(
                Interface(
                    name: String(name), firstLine: line, body: Array(lines[(index + 1)..<end]), range: index..<(end + 1)
                ))
            index = end + 1
        }
        return found
    }

    /// A property's name, the declaration of its instance variable, and whether it is a class property.
    private static func property(_ line: String) throws -> (name: String, ivar: String, isClass: Bool)? {
        guard let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")"),
            let semicolon = line.lastIndex(of: ";")
        else { throw Failure(description: "a property the lowering does not read: \(line)") }
        let attributes = line[line.index(after: open)..<close].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let declaration = String(line[line.index(after: close)..<semicolon]).trimmingCharacters(in: .whitespaces)
        if let caret = declaration.range(of: "(^") {
            // A block: `void (^name)(…)`.
            let rest = declaration[caret.upperBound...]
            guard let end = rest.firstIndex(of: ")") else { return nil }
            let name = String(rest[..<end])
            return (name, declaration.replacingCharacters(in: caret, with: "(^_"), attributes.contains("class"))
        }
        let nameStart =
            declaration.lastIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_") }).map {
                declaration.index(after: $0)
            } ?? declaration.startIndex
        let name = String(declaration[nameStart...])
        guard !name.isEmpty else { throw Failure(description: "a property without a name: \(line)") }
        let type = declaration[..<nameStart].replacingOccurrences(of: "nullable ", with: "")
        let spacing = type.hasSuffix("*") || type.hasSuffix(" ") ? "" : " "
        return (name, type + spacing + "_" + name, attributes.contains("class"))
    }
}
