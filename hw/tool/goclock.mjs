#!/usr/bin/env node
// The package's bin `goclock`: runs the TypeScript tool through tsx (as `npm run tool` does).
import { register } from "tsx/esm/api";

register();
await import("./cli.ts");
