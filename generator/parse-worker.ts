/** Worker thread of load.ts's parseContractFast: parses the pieces it is given, answers their data. */
import { parentPort, workerData } from 'node:worker_threads';
import { parsePiece, type Piece } from './load-chunks.js';

const pieces = workerData as Pick<Piece, 'text' | 'under'>[];
parentPort?.postMessage(pieces.map((p) => parsePiece(p).data ?? null));
