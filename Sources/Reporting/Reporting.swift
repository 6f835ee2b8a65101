// Placeholder until the encoders land.
