import { describe, expect, it } from 'vitest';
import {
  cmiFacts,
  formatTotalTime,
  isDone,
  resumeCmi,
  scorm12Seconds,
  scorm2004Seconds,
} from './scorm-cmi.ts';
import { parseManifest } from './scorm-manifest.ts';
import { launchUrlPath, packagePath, safeEntryPath } from './scorm-package.ts';

/** Decision 068: reading the cmi data, the time formats, the manifest and the package's paths. */
describe('SCORM cmi data', () => {
  it('reads both time formats and writes total_time per version', () => {
    expect(scorm12Seconds('0001:02:03.50')).toBe(3723);
    expect(scorm12Seconds('kaputt')).toBe(0);
    expect(scorm2004Seconds('PT1H2M3.5S')).toBe(3723);
    expect(scorm2004Seconds('P1DT1S')).toBe(86401);
    expect(scorm2004Seconds('PT')).toBe(0);
    expect(formatTotalTime('1.2', 3723)).toBe('0001:02:03');
    expect(formatTotalTime('2004', 3723)).toBe('PT1H2M3S');
  });

  it('decides completion: 1.2 passed/completed, 2004 completed and not failed', () => {
    const v12 = (lesson: string) => isDone(cmiFacts('1.2', { core: { lesson_status: lesson } }));
    expect(['passed', 'completed'].map(v12)).toEqual([true, true]);
    expect(['failed', 'incomplete', 'browsed', 'not attempted'].map(v12)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const v2004 = (completion: string, success: string) =>
      isDone(cmiFacts('2004', { completion_status: completion, success_status: success }));
    expect(v2004('completed', 'unknown')).toBe(true);
    expect(v2004('completed', 'passed')).toBe(true);
    expect(v2004('completed', 'failed')).toBe(false);
    expect(v2004('incomplete', 'passed')).toBe(false);
  });

  it('hands back where the learner stopped, with entry resume only after a suspend or unfinished data', () => {
    const saved = { cmi: { core: { lesson_status: 'incomplete' } }, location: 'p2', totalSeconds: 65 };
    const resumed = resumeCmi(
      '1.2',
      { ...saved, suspendData: 'x', exit: 'suspend', completed: false },
      { id: '7', name: 'Muster, Max' },
    );
    expect(resumed).toMatchObject({
      core: { entry: 'resume', lesson_location: 'p2', total_time: '0000:01:05', student_name: 'Muster, Max' },
      suspend_data: 'x',
    });
    const fresh = resumeCmi(
      '2004',
      { ...saved, cmi: {}, suspendData: null, exit: null, completed: false },
      { id: '7', name: 'M' },
    );
    expect(fresh).toMatchObject({ entry: 'ab-initio', completion_status: 'unknown', total_time: 'PT0H1M5S' });
  });
});

describe('SCORM manifest and paths', () => {
  it('takes the default organization’s first SCO with xml:base and parameters', () => {
    const xml = `<manifest xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xml:base="kurs/">
      <organizations default="B">
        <organization identifier="A"><title>Falsch</title><item identifier="i0" identifierref="r1"/></organization>
        <organization identifier="B"><title>Richtig</title>
          <item identifier="i1"><title>Kapitel</title>
            <item identifier="i2" identifierref="r2" parameters="?lang=de"/>
          </item>
        </organization>
      </organizations>
      <resources xml:base="inhalt/">
        <resource identifier="r1" adlcp:scormType="sco" href="a.html"/>
        <resource identifier="r2" adlcp:scormType="sco" href="b.html"/>
      </resources></manifest>`;
    expect(parseManifest(xml, 'x.zip')).toEqual({
      scormVersion: '2004',
      title: 'Richtig',
      launch: 'kurs/inhalt/b.html?lang=de',
    });
  });

  it('refuses launch files outside the package and names that leave the folder', () => {
    const remote = `<manifest><metadata><schemaversion>1.2</schemaversion></metadata><resources>
      <resource identifier="r" adlcp:scormtype="sco" href="https://example.org/kurs.html"/></resources></manifest>`;
    expect(() => parseManifest(remote, 'x.zip')).toThrow(
      expect.objectContaining({ code: 'SCORM_LAUNCH_MISSING' }),
    );
    for (const bad of ['../a', '/a', 'a/../b', 'a//b', 'C:/a', 'a\\b', './a'])
      expect(() => safeEntryPath(bad), bad).toThrow(
        expect.objectContaining({ code: 'SCORM_PACKAGE_UNSAFE' }),
      );
    expect(safeEntryPath('ordner/')).toBe('ordner/');
    expect(packagePath('a/%2e%2e/%2e%2e/b')).toBeNull();
    expect(packagePath('inhalt/b.html?lang=de')).toBe('inhalt/b.html');
    expect(packagePath('a%25b.html', true)).toBe('a%25b.html');
    expect(launchUrlPath('story%20html5/index.html?lang=de&x=1')).toBe(
      'story%20html5/index.html?lang=de&x=1',
    );
    expect(launchUrlPath('mit leer/ä.html')).toBe('mit%20leer/%C3%A4.html');
  });
});
