import { type AnyResourceContract, MESSAGES } from '@crm/domain';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { browserLocale, requestHeaders } from '../../app/request-headers';
import { sessionStore } from '../session/session';
import { type ExportFilter, ExportError, type ExportFormat, type ExportProgress, fetchExport, saveBlob } from './resource-export';

export interface ResourceExportState {
  running: ExportFormat | null;
  progress: ExportProgress | null;
  start: (format: ExportFormat) => Promise<void>;
  cancel: () => void;
}

const NO_FILTER: ExportFilter = {};

/**
 * Runs one download at a time with the session's bearer token: a list's export (its path and filter) or any
 * export call (`url` of the format, e.g. a report's); 'Data is empty' when nothing matches (docs/product.md 'Lists').
 */
export function useFileExport(source: {
  path: string;
  baseName: string;
  filter?: ExportFilter;
  url?: (format: ExportFormat) => string;
  expectedRows: number | null;
}): ResourceExportState {
  const { message } = App.useApp();
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const { path, baseName, filter = NO_FILTER, url, expectedRows } = source;

  const start = useCallback(
    async (format: ExportFormat) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setRunning(format);
      setProgress({ receivedBytes: 0, percent: 0 });
      try {
        const { blob, fileName } = await fetchExport({
          path,
          ...(url ? { url: url(format) } : {}),
          baseName,
          filter,
          format,
          headers: requestHeaders(sessionStore.get(), browserLocale()),
          expectedRows,
          signal: abort.signal,
          onProgress: setProgress,
        });
        saveBlob(blob, fileName);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        const text = error instanceof ExportError ? error.message : MESSAGES.common.somethingWentWrong;
        if (text === MESSAGES.common.dataEmpty) void message.warning(text);
        else void message.error(text);
      } finally {
        controller.current = null;
        setRunning(null);
        setProgress(null);
      }
    },
    [path, url, baseName, filter, expectedRows, message],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { running, progress, start, cancel };
}

/** A list's export of its current filter (docs/product.md 'Lists'). */
export function useResourceExport(contract: AnyResourceContract, filter: ExportFilter, expectedRows: number | null): ResourceExportState {
  return useFileExport({ path: contract.path, baseName: contract.label.many, filter, expectedRows });
}
