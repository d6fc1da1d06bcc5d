/**
 * AAMVA DL/ID barcode payloads built from the published format, as a PDF417 on a licence carries them:
 * the header (`@` LF RS CR, `ANSI `, IIN, version, jurisdiction version from version 02, the number of
 * subfiles and each one's type, offset and length) and the subfiles (type, elements ended by LF, CR).
 */
export interface Built {
  iin: string;
  version: number;
  document?: 'DL' | 'ID';
  elements: [string, string][];
  /** A jurisdiction's own subfile (ZV, ZC, …) after the main one. */
  extra?: { type: string; elements: [string, string][] };
}

export function buildAamva({ iin, version, document = 'DL', elements, extra }: Built): string {
  const subfiles = [{ type: document, elements }, ...(extra ? [extra] : [])].map((s) => `${s.type}${s.elements.map(([id, v]) => `${id}${v}\n`).join('')}\r`);
  const compliance = '@\n\x1e\r';
  const fixed = `ANSI ${iin}${String(version).padStart(2, '0')}${version === 1 ? '' : '00'}${String(subfiles.length).padStart(2, '0')}`;
  let offset = compliance.length + fixed.length + subfiles.length * 10;
  const entries = subfiles.map((s, i) => {
    const type = i === 0 ? document : extra!.type;
    const entry = `${type}${String(offset).padStart(4, '0')}${String(s.length).padStart(4, '0')}`;
    offset += s.length;
    return entry;
  });
  return compliance + fixed + entries.join('') + subfiles.join('');
}

/** A current licence (version 08, Virginia) of a grown-up, expiring in 2031. */
export function virginiaLicence(over: Partial<Record<string, string>> = {}): string {
  const base: Record<string, string> = {
    DCA: 'D',
    DCB: 'NONE',
    DCD: 'NONE',
    DBA: '08142031',
    DCS: 'RIVERA',
    DAC: 'ANA',
    DAD: 'LUCIA',
    DBD: '08142023',
    DBB: '08141990',
    DBC: '2',
    DAY: 'BRO',
    DAU: '065 IN',
    DAG: '1200 MAIN ST',
    DAI: 'RICHMOND',
    DAJ: 'VA',
    DAK: '232190000  ',
    DAQ: 'T16700185',
    DCF: '0123456789',
    DCG: 'USA',
    DDE: 'N',
    DDF: 'N',
    DDG: 'N',
  };
  return buildAamva({ iin: '636000', version: 8, elements: Object.entries({ ...base, ...over }).filter(([, v]) => v !== undefined) as [string, string][], extra: { type: 'ZV', elements: [['ZVA', '01']] } });
}
