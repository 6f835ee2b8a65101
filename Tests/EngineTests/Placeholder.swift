// The Engine tests land with the Engine code.
