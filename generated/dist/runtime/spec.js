/**
 * The types of the tables a generated package's `tables.ts` holds: what the contract says, as the
 * runtime reads it. Every other runtime module reads the tables through these types, and the
 * generator builds the tables as them (generator/emit/emit-tables.ts), so the two sides cannot
 * disagree about a table's form. Types only: nothing here runs.
 */
export {};
