export async function generateCommand(_argv: readonly string[], io: { err(l: string): void }): Promise<number> { io.err("not yet"); return 2; }
