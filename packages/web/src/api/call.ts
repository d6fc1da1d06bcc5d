import type { CallAudience, CallInput, CallPath, CallReply, ReadPath } from '@moneybox/contract';
import { audienceOfPath } from '@moneybox/contract/call-audience';
import { navigateTo } from '../app/navigation';
import { currentSession, loginPath, signOut, type Session } from '../auth/session';
import { CONSOLE_LOGIN, clearConsoleSession, consoleSession } from '../auth/console-session';
import { i18n, loadStatusTexts } from '../i18n/i18n';
import { classify, failureMessage, handledGlobally, inputFieldMessage, type Failure, type HandleMode } from './failure';
import { post, type Reply } from './transport';

/** Where a page that is gone leads (spec section 8). */
const ALL_NEWS = '/News/view-all-news';

/**
 * A refused call. `message` is what the user reads, in their language; `reply` is the server's reply as
 * it came (its `error`, the server's English words, is for logs only and never shown).
 */
export class ApiError extends Error {
  constructor(
    readonly failure: Failure,
    readonly reply: Reply,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The refusal's machine reason, when the reply names one (the console's refused webhook address), for the page to word. */
  get reason(): string | undefined {
    const { reason } = this.reply;
    return typeof reason === 'string' ? reason : undefined;
  }
}

export interface CallOptions {
  /** Send UID and TOKEN of the call's audience's session (the store's cookies, the console's tab session; default true). */
  auth?: boolean;
  /** A store call: send this session's UID and TOKEN instead of the cookies' (login, before the cookies are set). */
  session?: Session;
  /**
   * Which failures get the spec's handling (message box, redirect); default all. See `HandleMode`.
   * A console call shows no message box: a lost session returns to /operator, every other refusal is
   * the page's to show.
   */
  handle?: HandleMode;
}

// Status 5 alerts only once, however many calls fail with it together (spec section 8's first-error flag).
let sessionAlerted = false;

export function resetSessionAlert(): void {
  sessionAlerted = false;
}

async function maintenanceMessage(): Promise<string> {
  const r = await post('/config/maintain');
  return typeof r.msg === 'string' ? r.msg : '';
}

/** A call's arguments: its input (optional when every field of it is) and the options. */
type CallArgs<P extends CallPath> = object extends CallInput<P> ? [payload?: CallInput<P>, opts?: CallOptions] : [payload: CallInput<P>, opts?: CallOptions];

/**
 * A read: POST /API<path>; resolves with the reply when status is 0, otherwise handles and throws
 * ApiError. Typed by the contract's call registry: the path is a read of it, of any audience (a write
 * does not compile: writes go through `api/write.ts`), the payload its input (less UID and TOKEN,
 * added here) and the reply its status-0 reply.
 */
export function call<P extends ReadPath>(path: P, ...[payload, opts]: CallArgs<P>): Promise<CallReply<P>> {
  return request(path, payload ?? ({} as CallInput<P>), opts);
}

/** `call` with every argument spelled out (for code that passes a payload and options along). */
export function callWith<P extends ReadPath>(path: P, payload: CallInput<P>, opts: CallOptions = {}): Promise<CallReply<P>> {
  return request(path, payload, opts);
}

/** How a call of each audience signs itself, words its refusal and reacts to it beyond throwing. */
interface AudienceClient {
  /** The session the call is made with: its UID and TOKEN, or null for none. */
  credentials(opts: CallOptions): { uid: number; token: string } | null;
  /** The refusal in the user's language. */
  message(failure: Failure, reply: Reply): Promise<string>;
  /** What the refusal does besides being thrown (`sentWith`: the token the call was made with). */
  handle(error: ApiError, opts: CallOptions, sentWith: string | undefined): void;
}

const t = () => i18n.t.bind(i18n) as (k: string, o?: Record<string, unknown>) => string;

const CLIENTS: Record<CallAudience, AudienceClient> = {
  store: {
    credentials(opts) {
      const session = opts.session ?? (opts.auth === false ? null : currentSession());
      return session ? { uid: Number(session.uid), token: session.token } : null;
    },
    async message(failure) {
      await loadStatusTexts();
      return failureMessage(failure, t(), failure.kind === 'maintenance' ? await maintenanceMessage() : '');
    },
    handle(error, opts, sentWith) {
      // A reply about a session this tab has since left (logged out, or signed in anew, while the call was
      // on its way: a poll in flight during logout meets 5) tells the user nothing: no box on the login page.
      // Only for the tab's own session: the login page's calls name the session they are starting.
      if (opts.session === undefined && sentWith !== undefined && currentSession()?.token !== sentWith) aboutLeftSession.add(error);
      if (handledGlobally(error.failure, opts.handle ?? true)) void handleFailure(error);
    },
  },
  console: {
    credentials(opts) {
      const s = opts.auth === false ? null : consoleSession();
      return s ? { uid: s.uid, token: s.token } : null;
    },
    async message(failure) {
      // As the store's: the catalogue's message (and its reason's text) in the user's language, never the operator service's English words;
      // a refused input names its field in words (`console:inputFields`).
      await i18n.loadNamespaces(['status', 'common', 'console']);
      return inputFieldMessage(failure, t()) ?? failureMessage(failure, t());
    },
    handle(error, opts) {
      if (error.failure.kind !== 'session' || opts.handle === false) return;
      clearConsoleSession();
      navigateTo(CONSOLE_LOGIN);
    },
  },
};

/**
 * Any call, read or write, of any audience: its session (the store's or the console's, by the
 * registry's path rule), POST /API<path>, the status-0 reply, or an ApiError with the refusal in the
 * user's language, handled the audience's way. Only api/ uses it (`app/write-path.test.ts`): a write
 * elsewhere goes through the mutation path, which runs it with this.
 */
export async function request<P extends CallPath>(path: P, payload: CallInput<P>, opts: CallOptions = {}): Promise<CallReply<P>> {
  const client = CLIENTS[audienceOfPath(path)];
  const session = client.credentials(opts);
  const body = session ? { UID: session.uid, TOKEN: session.token, ...payload } : payload;
  const reply = await post(path, body);
  const failure = classify(reply);
  if (!failure) return reply as CallReply<P>;
  const error = new ApiError(failure, reply, await client.message(failure, reply));
  client.handle(error, opts, session?.token);
  throw error;
}

/** Refusals of calls made on a session the tab has since left: `handleFailure` shows none of them, whoever asks (a money call's own handling too). */
const aboutLeftSession = new WeakSet<ApiError>();

/** The message box's code (and Mantine's modals) loads with the first refusal: the login page's first load does without it. */
async function messageBox(message: string): Promise<void> {
  const box = await import('../components/message');
  await box.messageBox(message);
}

export async function handleFailure(error: ApiError): Promise<void> {
  if (aboutLeftSession.has(error)) return;
  const { failure } = error;
  if (failure.kind === 'session') {
    if (sessionAlerted) return;
    sessionAlerted = true;
    await messageBox(error.message);
    signOut();
    navigateTo(loginPath(), { replace: true });
    return;
  }
  if (failure.kind === 'page-gone') return pageGone(error.message);
  await messageBox(error.message);
}

/**
 * Spec section 8's 404: alert 'Page no longer available', then go to All news. A removed or ended
 * event answers so; the event page also comes here for a link without a valid event name.
 */
export async function pageGone(message: string = i18n.t('status:404')): Promise<void> {
  await messageBox(message);
  navigateTo(ALL_NEWS);
}
