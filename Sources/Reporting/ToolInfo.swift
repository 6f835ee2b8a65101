/// The tool's name and version, as reports (SARIF's driver) and `impulse --version` give them.
package enum ToolInfo {
    package static let name = "impulse"
    package static let version = "0.1.0"
}
