// The Reporting tests land with the Reporting code.
