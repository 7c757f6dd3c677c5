import { describe, expect, it } from 'vitest';
import { isInMaintenance, selectIsMaintenance, selectMaintenanceWindow } from '../../machines/siteCheck';
import { BEFORE, DURING, WINDOW, startSiteCheck } from './siteCheck.fixtures';
import { flush } from './support';

describe('isInMaintenance', () => {
  it('is true from startDate (inclusive) to endDate (exclusive)', () => {
    expect(isInMaintenance({ ...WINDOW, now: WINDOW.startDate })).toBe(true);
    expect(isInMaintenance(DURING)).toBe(true);
    expect(isInMaintenance(BEFORE)).toBe(false);
    expect(isInMaintenance({ ...WINDOW, now: WINDOW.endDate })).toBe(false);
    expect(isInMaintenance(null)).toBe(false);
  });

  it('compares instants, not strings', () => {
    // 09:00 in Seoul is 00:00 UTC: inside a window given in UTC although the strings sort before it.
    expect(isInMaintenance({ ...WINDOW, now: '2030-01-01T09:30:00+09:00' })).toBe(true);
    expect(isInMaintenance({ ...WINDOW, now: 'garbage' })).toBe(false);
  });
});

describe('siteCheckMachine', () => {
  it('waits for the first route change before checking', () => {
    const { actor, fetchSiteCheck } = startSiteCheck();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fetchSiteCheck.runs).toHaveLength(0);
  });

  it('sends the member to /warning inside the maintenance window', async () => {
    const { actor, fetchSiteCheck, warnings } = startSiteCheck();
    actor.send({ type: 'siteCheck.sync' });
    expect(actor.getSnapshot().value).toBe('checking');
    fetchSiteCheck.current().resolve(DURING);
    await flush();
    expect(selectIsMaintenance(actor.getSnapshot())).toBe(true);
    expect(selectMaintenanceWindow(actor.getSnapshot())).toEqual(WINDOW);
    expect(warnings).toEqual(['/warning']);
  });

  it('stays open outside the window and when no window is set', async () => {
    const { actor, fetchSiteCheck, warnings } = startSiteCheck();
    actor.send({ type: 'siteCheck.sync' });
    fetchSiteCheck.current().resolve(BEFORE);
    await flush();
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'siteCheck.sync' });
    fetchSiteCheck.current().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('open');
    expect(selectMaintenanceWindow(actor.getSnapshot())).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('keeps the site open when the check fails', async () => {
    const { actor, fetchSiteCheck, warnings } = startSiteCheck();
    actor.send({ type: 'siteCheck.sync' });
    fetchSiteCheck.current().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toBe('open');
    expect(warnings).toEqual([]);
  });

  it('re-checks on every sync, sending to /warning again while maintenance lasts and letting go when it ends', async () => {
    const { actor, fetchSiteCheck, warnings } = startSiteCheck();
    actor.send({ type: 'siteCheck.sync' });
    fetchSiteCheck.current().resolve(DURING);
    await flush();
    actor.send({ type: 'siteCheck.sync' });
    fetchSiteCheck.current().resolve(DURING);
    await flush();
    expect(warnings).toEqual(['/warning', '/warning']);
    actor.send({ type: 'siteCheck.sync' });
    fetchSiteCheck.current().resolve({ ...WINDOW, now: WINDOW.endDate });
    await flush();
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('a sync during a check starts over and only the newest answer counts', async () => {
    const { actor, fetchSiteCheck, warnings } = startSiteCheck();
    actor.send({ type: 'siteCheck.sync' });
    const stale = fetchSiteCheck.runs[0]!;
    actor.send({ type: 'siteCheck.sync' });
    stale.resolve(DURING);
    await flush();
    expect(actor.getSnapshot().value).toBe('checking');
    fetchSiteCheck.current().resolve(BEFORE);
    await flush();
    expect(actor.getSnapshot().value).toBe('open');
    expect(warnings).toEqual([]);
  });
});
