import fs from 'node:fs';
import { formatCents } from '@moneybox/contract';
import { ledgerKey, ledgerKeyPlace, ledgerPublicKey } from '../auth/ledger-key.js';
import type { DatabaseHandle } from '../db/database.js';
import { verifyLedgerChain } from '../money/ledger-chain.js';
import { verifyLedger } from '../money/verify.js';
import { ledgerExportCsv } from '../services/operator/ledger-export.js';
import { OperatorError } from '../services/operator/operator.service.js';
import type { Settings } from '../settings.js';

export const LEDGER_HELP = `  verify        [--kiosk <id>]                                   (recompute balances from the ledger, the ledger's digests
                                                                 and the signed days; exit 1 on any difference)
  ledger-key                                                     (the operator's Ed25519 ledger public key; made if none yet)
  ledger-export --kiosk <id> --from <day> --to <day> [--out <file>]
                                                                 (the store days' ledger rows, digests and signed days as CSV;
                                                                 node scripts/check-ledger-export.mjs <file> <public key> checks it)`;

export const LEDGER_COMMANDS: ReadonlySet<string> = new Set(['verify', 'ledger-key', 'ledger-export']);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The ledger's commands (docs/COMPLIANCE.md): verify, the key, the export. */
export async function ledgerCli(
  command: string,
  handle: DatabaseHandle,
  settings: Settings,
  o: { kiosk?: number | undefined; from?: string | undefined; to?: string | undefined; out?: string | undefined },
  out: (s: string) => void,
): Promise<number> {
  const place = ledgerKeyPlace(settings);
  switch (command) {
    case 'verify': {
      const diffs = await verifyLedger(handle.db, o.kiosk);
      if (diffs.length === 0) out('Ledger verified: every balance equals its ledger sum.');
      for (const d of diffs) out(`MISMATCH ${d.what} #${d.id}: cached ${formatCents(d.cached)}, ledger ${formatCents(d.ledger)}`);
      const chain = await verifyLedgerChain(handle.db, handle.dialect, ledgerPublicKey(place), o.kiosk);
      for (const p of chain.problems) out(`MISMATCH kiosk ${p.storeId} ${p.what}${p.row === null ? '' : ` at ledger row #${p.row}`}: ${p.detail}`);
      if (chain.problems.length === 0 && (chain.periods > 0 || chain.seals > 0)) {
        out(`Ledger digests verified: ${chain.rows} rows in ${chain.periods} periods and ${chain.seals} signed days match.`);
      }
      return diffs.length === 0 && chain.problems.length === 0 ? 0 : 1;
    }
    case 'ledger-key': {
      const known = ledgerPublicKey(place) !== undefined;
      const key = ledgerKey(place);
      out(`Ledger public key (Ed25519, SPKI DER in base64): ${key.publicKey}`);
      out(`${known ? 'Kept' : 'Made now and kept'} in ${place.file}${place.passphrase === undefined ? '' : ' (encrypted with LEDGER_KEY_PASSPHRASE)'}; every server of one database needs the same file.`);
      return 0;
    }
    case 'ledger-export': {
      if (o.kiosk === undefined) throw new OperatorError('--kiosk is required');
      const from = o.from ?? '';
      const to = o.to ?? from;
      if (!DAY.test(from) || !DAY.test(to)) throw new OperatorError('--from and --to must be store days (2026-11-22)');
      const r = await ledgerExportCsv(handle.db, o.kiosk, from, to);
      if (o.out === undefined) {
        out(r.csv.trimEnd());
        return 0;
      }
      fs.writeFileSync(o.out, r.csv);
      out(`Wrote ${o.out}: ${r.rows} ledger rows, ${r.periods} digests, ${r.seals} signed days of kiosk ${o.kiosk}, ${from} to ${to}.`);
      return 0;
    }
    default:
      throw new OperatorError(`unknown command "${command}" (try "help")`);
  }
}
