import { type Transport } from './transport.js';
/**
 * The parts of node:http (or node:https) the transport uses. `Agent` is the module's agent class,
 * inferred from the module passed in.
 */
export interface NodeHttpModule<Agent> {
    request(url: string, options: NodeRequestOptions<Agent>, callback: (response: NodeIncomingMessage) => void): NodeClientRequest;
    readonly Agent: new (options: {
        keepAlive: boolean;
    }) => Agent;
}
export interface NodeRequestOptions<Agent> {
    readonly method: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly agent: Agent;
}
export interface NodeClientRequest {
    on(event: 'error', listener: (error: Error) => void): unknown;
    once(event: 'drain', listener: () => void): unknown;
    /** False when the chunk was buffered: wait for 'drain' before writing more. */
    write(chunk: Uint8Array): boolean;
    end(body?: string | Uint8Array): unknown;
    destroy(error?: Error): unknown;
}
export interface NodeIncomingMessage {
    readonly statusCode?: number;
    /** Header names and values, alternating, as received. */
    readonly rawHeaders: readonly string[];
    /** Whether the whole message arrived. */
    readonly complete: boolean;
    on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
    on(event: 'end' | 'close', listener: () => void): unknown;
    on(event: 'error', listener: (error: Error) => void): unknown;
    destroy(error?: Error): unknown;
    pause(): unknown;
    resume(): unknown;
}
export interface NodeTransportOptions<Agent> {
    /** The agent that pools connections (default: a keep-alive agent of the module, Node's defaults). */
    readonly agent?: Agent;
}
/** A transport over `http` (node:http, or node:https for https URLs) with keep-alive connections. */
export declare function nodeTransport<Agent>(http: NodeHttpModule<Agent>, options?: NodeTransportOptions<Agent>): Transport;
