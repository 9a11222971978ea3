// @vitest-environment jsdom
// react-query hears the browser's online / offline events only once something subscribes to it (the provider's
// mount, after the config and the first chunks): the console follows them from the query client's creation, so
// a connection that comes back (or goes) while the console is starting is not missed (src/app/queryClient.ts).
import { afterEach, expect, it } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { createQueryClient } from '../../src/app/queryClient';

const setBrowserOnline = (online: boolean) =>
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  setBrowserOnline(true);
  onlineManager.setOnline(true);
});

it('starts offline when the browser is, and hears the connection come back before anything subscribes', () => {
  setBrowserOnline(false);
  createQueryClient();
  expect(onlineManager.isOnline()).toBe(false);
  setBrowserOnline(true);
  window.dispatchEvent(new Event('online'));
  expect(onlineManager.isOnline()).toBe(true);
});

it('hears the connection go before anything subscribes', () => {
  createQueryClient();
  expect(onlineManager.isOnline()).toBe(true);
  setBrowserOnline(false);
  window.dispatchEvent(new Event('offline'));
  expect(onlineManager.isOnline()).toBe(false);
});
