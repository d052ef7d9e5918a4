import { describe, expect, it } from 'vitest';
import { can, type EventRelation, type Viewer } from './can';

const organiser: Viewer = { id: 'o', role: 'user', isVerified: true };
const unverified: Viewer = { id: 'o', role: 'user', isVerified: false };
const staff: Viewer = { id: 's', role: 'user', isVerified: false };
const stranger: Viewer = { id: 'x', role: 'user', isVerified: true };
const admin: Viewer = { id: 'a', role: 'admin', isVerified: false };
const privateEvent = (isStaff = false): EventRelation => ({ organizerId: 'o', isPublic: false, isStaff });

describe('who may do what', () => {
  it('an event: its organiser, the administrator, its staff at the door, nobody else', () => {
    expect(can(organiser, 'followSales', privateEvent())).toBe(true);
    expect(can(unverified, 'followSales', privateEvent())).toBe(false);
    expect(can(unverified, 'scan', privateEvent())).toBe(true);
    expect(can(admin, 'followSales', privateEvent())).toBe(true);
    expect(can(staff, 'scan', privateEvent(true))).toBe(true);
    expect(can(staff, 'followSales', privateEvent(true))).toBe(false);
    expect(can(stranger, 'see', privateEvent())).toBe(false);
    expect(can(null, 'see', { ...privateEvent(), isPublic: true })).toBe(true);
    expect(can(null, 'scan', { ...privateEvent(), isPublic: true })).toBe(false);
  });

  it('the box office scans and sells at the door, and does nothing an organiser does besides', () => {
    const boxOffice = { ...privateEvent(true), isBoxOffice: true };
    expect(can(staff, 'sellAtDoor', boxOffice)).toBe(true);
    expect(can(staff, 'scan', boxOffice)).toBe(true);
    expect(can(staff, 'sellAtDoor', privateEvent(true))).toBe(false);
    expect(can(staff, 'seeAllDoorSales', boxOffice)).toBe(false);
    for (const action of ['followSales', 'manageStaff', 'edit', 'messageAttendees', 'invite', 'seeAllScans'] as const) {
      expect(can(staff, action, boxOffice), action).toBe(false);
    }
    // A box-office seat is a staff seat: without it the flag alone gives nothing.
    expect(can(stranger, 'sellAtDoor', { ...privateEvent(false), isBoxOffice: true })).toBe(false);
    expect(can(organiser, 'messageAttendees', privateEvent())).toBe(true);
    expect(can(unverified, 'messageAttendees', privateEvent())).toBe(false);
    expect(can(organiser, 'invite', privateEvent())).toBe(true);
    expect(can(unverified, 'invite', privateEvent())).toBe(false);
  });

  it('accounts: verified features, organising for someone, profiles and private events', () => {
    expect(can(organiser, 'useVerifiedFeatures', null)).toBe(true);
    expect(can(unverified, 'useVerifiedFeatures', null)).toBe(false);
    expect(can(admin, 'useVerifiedFeatures', null)).toBe(true);
    expect(can(stranger, 'organizeFor', { id: 'o' })).toBe(false);
    expect(can(admin, 'organizeFor', { id: 'o' })).toBe(true);
    expect(can(stranger, 'administer', null)).toBe(false);
    expect(can(null, 'seeProfile', { id: 'o', isPublic: true })).toBe(true);
    expect(can(stranger, 'seeProfile', { id: 'o', isPublic: false })).toBe(false);
    expect(can(organiser, 'seeProfile', { id: 'o', isPublic: false })).toBe(true);
    expect(can(admin, 'seePrivateEventsOf', { id: 'o' })).toBe(true);
    expect(can(null, 'seePrivateEventsOf', { id: 'o' })).toBe(false);
    expect(can(unverified, 'readCommissionInvoices', { id: 'o' })).toBe(true);
    expect(can(admin, 'readCommissionInvoices', { id: 'o' })).toBe(true);
    expect(can(stranger, 'readCommissionInvoices', { id: 'o' })).toBe(false);
    expect(can(null, 'readCommissionInvoices', { id: 'o' })).toBe(false);
  });
});
