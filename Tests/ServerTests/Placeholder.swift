// The Server tests land with the Server code.
