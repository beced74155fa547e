// The sandboxed preload: exposes exactly the bridge's operations and events as `window.desk`, and
// nothing else (no ipcRenderer, no call-any-channel function). It loads only electron and the bridge
// contract, which is all a sandboxed preload can load.
import { contextBridge, ipcRenderer } from 'electron';
import { deskEventNames, deskOperations, type DeskEventName } from '../src-shared/bridge/contract';

const api: Record<string, unknown> = {};
for (const operation of deskOperations) {
  const [area, verb] = operation.split('.') as [string, string];
  const group = (api[area] ??= {}) as Record<string, unknown>;
  group[verb] = (...args: unknown[]) => ipcRenderer.invoke(`desk:${operation}`, args);
}

api.on = (event: DeskEventName, listener: (payload: unknown) => void): (() => void) => {
  if (!(deskEventNames as readonly string[]).includes(event) || typeof listener !== 'function') {
    throw new TypeError(`Unknown desk event: ${String(event)}`);
  }
  const channel = `desk:event:${event}`;
  const handler = (_event: Electron.IpcRendererEvent, payload: unknown): void => listener(payload);
  ipcRenderer.on(channel, handler);
  return () => ipcRenderer.removeListener(channel, handler);
};

contextBridge.exposeInMainWorld('desk', api);
