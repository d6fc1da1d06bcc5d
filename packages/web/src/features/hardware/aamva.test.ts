import { describe, expect, it } from 'vitest';
import { buildAamva, virginiaLicence } from '../../test/aamva';
import { typedByWedge } from '../../test/scanner';
import { aamvaDate, licenceRefusal, looksLikeAamva, parseAamva, type Licence } from './aamva';

function read(raw: string): Licence {
  const r = parseAamva(raw);
  if (!r.ok) throw new Error('not read');
  return r.licence;
}

describe('AAMVA licence barcodes', () => {
  it('a version 08 Virginia licence: names, birth date, expiry, number and address (MMDDCCYY)', () => {
    const l = read(virginiaLicence());
    expect(l).toMatchObject({
      document: 'DL',
      iin: '636000',
      version: 8,
      firstName: 'ANA',
      middleName: 'LUCIA',
      lastName: 'RIVERA',
      birthday: '1990-08-14',
      expires: '2031-08-14',
      idNumber: 'T16700185',
      street: '1200 MAIN ST',
      city: 'RICHMOND',
      state: 'VA',
      zip: '23219',
      country: 'USA',
    });
  });

  it('a version 10 Texas ID card (subfile ID), nine-digit zip', () => {
    const l = read(
      buildAamva({
        iin: '636015',
        version: 10,
        document: 'ID',
        elements: [
          ['DAQ', '41234567'],
          ['DCS', 'NGUYEN'],
          ['DAC', 'MINH'],
          ['DAD', 'NONE'],
          ['DBB', '02291988'],
          ['DBA', '02282030'],
          ['DAG', '77 ELM AVE'],
          ['DAI', 'AUSTIN'],
          ['DAJ', 'TX'],
          ['DAK', '787011234'],
          ['DCG', 'USA'],
        ],
      }),
    );
    expect(l).toMatchObject({ document: 'ID', version: 10, lastName: 'NGUYEN', firstName: 'MINH', middleName: '', birthday: '1988-02-29', expires: '2030-02-28', idNumber: '41234567', zip: '78701-1234', state: 'TX' });
  });

  it('a version 03 California licence: DCT given names hold the first and middle names', () => {
    const l = read(
      buildAamva({
        iin: '636014',
        version: 3,
        elements: [
          ['DCA', 'C'],
          ['DCS', 'OKAFOR'],
          ['DCT', 'CHIDI,EMEKA'],
          ['DBB', '11301975'],
          ['DBA', '11302029'],
          ['DAQ', 'D1234567'],
          ['DAG', '500 OCEAN BLVD'],
          ['DAI', 'LONG BEACH'],
          ['DAJ', 'CA'],
          ['DAK', '90802'],
        ],
      }),
    );
    expect(l).toMatchObject({ version: 3, firstName: 'CHIDI', middleName: 'EMEKA', lastName: 'OKAFOR', birthday: '1975-11-30', expires: '2029-11-30', idNumber: 'D1234567', city: 'LONG BEACH', zip: '90802' });
  });

  it('a version 01 licence: DAA full name and CCYYMMDD dates, no jurisdiction version in the header', () => {
    const raw = buildAamva({
      iin: '636010',
      version: 1,
      elements: [
        ['DAQ', 'S530460841230'],
        ['DAA', 'SMITH,JOHN,PAUL'],
        ['DAG', '123 PALM DR'],
        ['DAI', 'MIAMI'],
        ['DAJ', 'FL'],
        ['DAK', '33101'],
        ['DBB', '19840315'],
        ['DBA', '20300315'],
      ],
    });
    expect(raw).toContain('ANSI 6360100101DL');
    expect(read(raw)).toMatchObject({ version: 1, lastName: 'SMITH', firstName: 'JOHN', middleName: 'PAUL', birthday: '1984-03-15', expires: '2030-03-15', state: 'FL' });
  });

  it('a Canadian licence (Ontario, DCG CAN) reads its dates CCYYMMDD', () => {
    const l = read(
      buildAamva({
        iin: '636012',
        version: 7,
        elements: [
          ['DCS', 'TREMBLAY'],
          ['DAC', 'MARIE'],
          ['DBB', '19920607'],
          ['DBA', '20280607'],
          ['DAQ', 'T7654-32109-20607'],
          ['DAG', '10 KING ST W'],
          ['DAI', 'TORONTO'],
          ['DAJ', 'ON'],
          ['DAK', 'M5H 1A1'],
          ['DCG', 'CAN'],
        ],
      }),
    );
    expect(l).toMatchObject({ country: 'CAN', birthday: '1992-06-07', expires: '2028-06-07', zip: 'M5H 1A1', idNumber: 'T7654-32109-20607' });
  });

  it('as a keyboard wedge types it: the RS and CR dropped, line breaks kept', () => {
    const typed = typedByWedge(virginiaLicence());
    expect(looksLikeAamva(typed)).toBe(true);
    expect(read(typed)).toMatchObject({ lastName: 'RIVERA', idNumber: 'T16700185', birthday: '1990-08-14' });
  });

  it('a corrupt barcode is refused: cut short, a date that is no day, another kind of code', () => {
    const whole = virginiaLicence();
    expect(parseAamva(whole.slice(0, 40))).toEqual({ ok: false, problem: 'corrupt' });
    expect(parseAamva(virginiaLicence({ DBB: '13451990' }))).toEqual({ ok: false, problem: 'corrupt' });
    expect(parseAamva(virginiaLicence({ DAQ: '' }))).toEqual({ ok: false, problem: 'corrupt' });
    expect(parseAamva('moneybox:mobile_id=10010001;pin=123456')).toEqual({ ok: false, problem: 'corrupt' });
    expect(parseAamva(whole.replace('ANSI 63600008', 'ANSI 63600099'))).toEqual({ ok: false, problem: 'corrupt' });
    expect(looksLikeAamva('10010001')).toBe(false);
  });

  it('an expired document and a minor are refused (the store minimum age rule); valid on its expiry day', () => {
    const store = { min_age: 21 };
    expect(licenceRefusal(read(virginiaLicence()), store, '2026-12-02')).toBeNull();
    expect(licenceRefusal(read(virginiaLicence({ DBA: '11302026' })), store, '2026-12-02')).toBe('expired');
    expect(licenceRefusal(read(virginiaLicence({ DBA: '12022026' })), store, '2026-12-02')).toBeNull();
    // 20 the day before the 21st birthday, 21 on it.
    expect(licenceRefusal(read(virginiaLicence({ DBB: '12032005' })), store, '2026-12-02')).toBe('minor');
    expect(licenceRefusal(read(virginiaLicence({ DBB: '12022005' })), store, '2026-12-02')).toBeNull();
    expect(licenceRefusal(read(virginiaLicence({ DBB: '12032005' })), { min_age: 0 }, '2026-12-02')).toBeNull();
  });

  it('dates: the order each version and country writes', () => {
    expect(aamvaDate('08141990', false)).toBe('1990-08-14');
    expect(aamvaDate('19900814', true)).toBe('1990-08-14');
    expect(aamvaDate('02291990', false)).toBeNull();
    expect(aamvaDate('1990-08-14', true)).toBeNull();
  });
});
