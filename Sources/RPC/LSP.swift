/// The namespace of the typed LSP 3.17 structures (`LSP.Position`, `LSP.Range`, `LSP.Diagnostic`...).
///
/// They live in a namespace so that they never shadow `Swift.Range` or collide with `Scene.Diagnostic` in
/// code that uses both. Each decodes with `init(json:path:)` (throwing `ResponseError.invalidParams` that
/// names the offending field) and encodes with `json`.
package enum LSP {}
