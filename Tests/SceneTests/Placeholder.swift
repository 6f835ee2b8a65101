// The Scene tests land with the Scene code.
