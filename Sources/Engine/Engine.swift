// Placeholder until the engine lands: the module must hold at least one file.
