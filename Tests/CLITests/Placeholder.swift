// The CLI tests land with the CLI code.
