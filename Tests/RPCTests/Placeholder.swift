// The RPC tests land with the RPC code.
