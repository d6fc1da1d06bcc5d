import { BULLETIN_DOCUMENT_TYPES, Status, audienceOf, bulletinFileId } from '@moneybox/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authenticate } from '../../authenticate.js';
import type { Caller } from '../../call.js';
import type { Deps } from '../../../services/deps.js';
import { statusReply } from '../../envelope.js';
import { StatusRefusal } from '../../../domain/status-refusal.js';
import { sessionCookies } from '../../session-cookies.js';
import { allowed } from '../../../domain/permissions.js';
import { fileFor } from '../../../services/bulletin/bulletin.service.js';
import { nameByType } from '../../../services/bulletin/file-type.js';

/** Served under their own type (images inline, PDFs as attachments); anything else (e.g. SVG in an old row) only as an opaque attachment. */
const INLINE_TYPES: ReadonlySet<string> = new Set(BULLETIN_DOCUMENT_TYPES);
/** Files need the same right as the lists they appear in. */
const READ_CALL = '/bulletin/news';

/** `inline|attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 with RFC 5987 for any name). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function notFound(reply: FastifyReply) {
  return reply.code(404).header('cache-control', 'no-store').send(statusReply(Status.PAGE_GONE));
}

/**
 * GET /API/bulletin/file/{id}[?download=1]: a bulletin file's bytes, for `<img src>`, the PDF viewer
 * and download links, so authenticated by the session cookies rather than a POST body. No session:
 * HTTP 401 with status 5; a file the store may not see now (another store's, withdrawn, replaced,
 * of an ended event, unknown): HTTP 404 with status 404. Headers: docs/DECISIONS.md "Platform news".
 */
export function registerBulletinFiles(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { id: string }; Querystring: { download?: string } }>('/API/bulletin/file/:id', async (req, reply) => {
    const { uid, token } = sessionCookies(req.headers.cookie);
    let caller: Caller;
    try {
      caller = await authenticate(deps, uid, token);
      if (!allowed(READ_CALL, audienceOf(caller.role, caller.mode))) return reply.code(403).send(statusReply(Status.PERMISSION_ERROR));
    } catch (err) {
      if (err instanceof StatusRefusal) return reply.code(401).header('cache-control', 'no-store').send(statusReply(err.status));
      throw err;
    }
    const id = bulletinFileId.safeParse(req.params.id);
    if (!id.success) return notFound(reply);
    let file;
    try {
      file = await fileFor(deps, caller, { id: id.data });
    } catch (err) {
      if (err instanceof StatusRefusal) return notFound(reply);
      throw err;
    }
    // The type and the download name's extension both come from the type checked on upload (file-type.ts).
    const type = INLINE_TYPES.has(file.content_type) ? file.content_type : 'application/octet-stream';
    // A PDF can carry scripts its viewer runs, and Chromium's viewer refuses a sandboxed document: it is downloaded, never shown in the app's origin.
    const inlineOk = type !== 'application/octet-stream' && type !== 'application/pdf';
    const attachment = !inlineOk || req.query.download === '1';
    const etag = `"${file.sha256}"`;
    void reply
      .header('content-type', type)
      .header('content-disposition', contentDisposition(attachment ? 'attachment' : 'inline', nameByType(file.file_name, type)))
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'same-origin')
      // Revalidated every time, so a withdrawn file stops being shown; unchanged bytes answer 304.
      .header('cache-control', 'private, no-cache')
      .header('etag', etag)
      // Whatever a file is, opened directly it runs nothing.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await file.bytes().catch((err: unknown) => (err instanceof StatusRefusal ? undefined : Promise.reject(err)));
    if (!bytes) return notFound(reply);
    return reply.header('content-length', bytes.length).send(bytes);
  });
}
