import { describe, expect, it } from 'vitest';
import { blacklistHits, DEFAULT_BLACKLISTS, deriveClassification, isCmrCode, splitCode } from './clp.ts';

describe('deriveClassification', () => {
  it('ethanol (H225, H319): flame and exclamation mark, Gefahr', () => {
    expect(deriveClassification(['H225', 'H319', 'P210'])).toEqual({
      pictograms: ['GHS02', 'GHS07'],
      signalWord: 'danger',
      cmr: false,
    });
  });
  it('GHS06 supersedes GHS07 (methanol: H225, H301+H311+H331, H370)', () => {
    const c = deriveClassification(['H225', 'H301+H311+H331', 'H370', 'H302']);
    expect(c.pictograms).toEqual(['GHS02', 'GHS06', 'GHS08']);
    expect(c.signalWord).toBe('danger');
  });
  it('GHS05 supersedes GHS07 for skin and eye irritation only', () => {
    expect(deriveClassification(['H314', 'H315', 'H319']).pictograms).toEqual(['GHS05']);
    expect(deriveClassification(['H318', 'H335']).pictograms).toEqual(['GHS05', 'GHS07']);
  });
  it('GHS08 for respiratory sensitisation supersedes GHS07 for skin sensitisation', () => {
    expect(deriveClassification(['H334', 'H317']).pictograms).toEqual(['GHS08']);
    expect(deriveClassification(['H334', 'H317', 'H332']).pictograms).toEqual(['GHS07', 'GHS08']);
    expect(deriveClassification(['H373', 'H317']).pictograms).toEqual(['GHS07', 'GHS08']);
  });
  it('Gefahr supersedes Achtung; no H statement means no signal word', () => {
    expect(deriveClassification(['H226', 'H302']).signalWord).toBe('warning');
    expect(deriveClassification(['H226', 'H302', 'H318']).signalWord).toBe('danger');
    expect(deriveClassification(['EUH066', 'P102'])).toEqual({
      pictograms: [],
      signalWord: 'none',
      cmr: false,
    });
    expect(deriveClassification(['H412']).signalWord).toBe('none');
  });
  it('GHS01 keeps the optional GHS02 (H241)', () => {
    expect(deriveClassification(['H241']).pictograms).toEqual(['GHS01', 'GHS02']);
  });
  it('derives the CMR flag (formaldehyde: H350, H341)', () => {
    expect(deriveClassification(['H301+H311+H331', 'H314', 'H317', 'H341', 'H350']).cmr).toBe(true);
    expect(isCmrCode('H361fd')).toBe(true);
    expect(isCmrCode('H336')).toBe(false);
  });
});

describe('statement codes', () => {
  it('splits combined codes', () => {
    expect(splitCode('P370+P380+P375[+P378]')).toEqual(['P370', 'P380', 'P375', 'P378']);
  });
  it('finds blacklist hits, also inside combined codes', () => {
    expect(
      blacklistHits(['H300+H310', 'H225', 'H350'], { ...DEFAULT_BLACKLISTS, unwanted: ['H225'] }),
    ).toEqual([
      { list: 'cmr', code: 'H350' },
      { list: 'toxic', code: 'H300+H310' },
      { list: 'unwanted', code: 'H225' },
    ]);
  });
});
