import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../platform/context.js';
export declare const PAGE_PATH: RegExp;
/** A form is small; anything larger is refused before it is read whole. */
export declare const MAX_FORM_BYTES: number;
/** Answers a request for a candidate's page; returns the status, for the request log. */
export declare function servePage(req: IncomingMessage, res: ServerResponse, ctx: PlatformContext, pathname: string, requestId: string): Promise<number>;
