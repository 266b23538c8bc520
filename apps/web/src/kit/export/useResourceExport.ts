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

/**
 * Runs one export at a time of a list's current filter, with the session's bearer token; 'Data is empty' when
 * nothing matches (docs/product.md 'Lists').
 */
export function useResourceExport(contract: AnyResourceContract, filter: ExportFilter, expectedRows: number | null): ResourceExportState {
  const { message } = App.useApp();
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (format: ExportFormat) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setRunning(format);
      setProgress({ receivedBytes: 0, percent: 0 });
      try {
        const { blob, fileName } = await fetchExport({
          path: contract.path,
          baseName: contract.label.many,
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
    [contract, filter, expectedRows, message],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { running, progress, start, cancel };
}
