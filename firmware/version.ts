// The firmware's version: the package's (a test keeps them equal). The desktop tool reads it back
// after flashing; status and hello report it.
export const VERSION = "0.1.0";
