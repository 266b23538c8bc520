import type { AnyResourceContract, ImportDryRun, ImportJob, ImportMapping, ImportPreview } from '@crm/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { trpc } from '../../app/trpc';
import { resourceUtils } from '../resource/resource-api';
import { importApi, importErrorMessage } from './import-api';

export type ImportStep = 'upload' | 'mapping' | 'check' | 'run' | 'summary';

export const IMPORT_STEPS: readonly ImportStep[] = ['upload', 'mapping', 'check', 'run', 'summary'];

/** How often the run's status is asked while it works. */
const POLL_MS = 1000;

export interface ImportWizard {
  step: ImportStep;
  file: File | null;
  preview: ImportPreview | null;
  mapping: ImportMapping;
  report: ImportDryRun | null;
  job: ImportJob | null;
  busy: boolean;
  error: string | null;
  choose: (file: File) => Promise<void>;
  mapColumn: (header: string, field: string | null) => void;
  check: () => Promise<void>;
  run: () => Promise<void>;
  back: () => void;
  reset: () => void;
}

/**
 * The import wizard's state (docs/product.md 'Imports'): upload -> mapping -> dry run -> run with progress ->
 * summary. The list's cached pages are dropped once the run finishes, so the new records show.
 */
export function useImportWizard(contract: AnyResourceContract): ImportWizard {
  const utils = trpc.useUtils();
  const [step, setStep] = useState<ImportStep>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [report, setReport] = useState<ImportDryRun | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const attempt = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      if (alive.current) setError(importErrorMessage(failure));
    } finally {
      if (alive.current) setBusy(false);
    }
  }, []);

  const choose = useCallback(
    (chosen: File) =>
      attempt(async () => {
        setFile(chosen);
        const read = await importApi.preview(contract, chosen);
        setPreview(read);
        setMapping(read.mapping);
        setReport(null);
        setStep('mapping');
      }),
    [attempt, contract],
  );

  const mapColumn = useCallback((header: string, field: string | null) => {
    setMapping((current) => ({ ...current, [header]: field }));
    setReport(null);
  }, []);

  const check = useCallback(
    () =>
      attempt(async () => {
        if (!file) return;
        setReport(await importApi.dryRun(contract, file, mapping));
        setStep('check');
      }),
    [attempt, contract, file, mapping],
  );

  const run = useCallback(
    () =>
      attempt(async () => {
        if (!file) return;
        setJob(await importApi.start(contract, file, mapping));
        setStep('run');
      }),
    [attempt, contract, file, mapping],
  );

  // While the run works: its status every second, until it has finished.
  const jobId = job?._id;
  useEffect(() => {
    if (step !== 'run' || !jobId) return;
    let stopped = false;
    const timer = setInterval(() => {
      void importApi
        .status(contract, jobId)
        .then((latest) => {
          if (stopped) return;
          setJob(latest);
          if (latest.status === 'completed' || latest.status === 'failed') {
            setStep('summary');
            void resourceUtils(utils, contract).invalidate();
          }
        })
        .catch((failure: unknown) => {
          if (!stopped) setError(importErrorMessage(failure));
        });
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [contract, jobId, step, utils]);

  const back = useCallback(() => {
    setError(null);
    setStep((current) => (current === 'check' ? 'mapping' : current === 'mapping' ? 'upload' : current));
  }, []);

  const reset = useCallback(() => {
    setStep('upload');
    setFile(null);
    setPreview(null);
    setMapping({});
    setReport(null);
    setJob(null);
    setError(null);
  }, []);

  return { step, file, preview, mapping, report, job, busy, error, choose, mapColumn, check, run, back, reset };
}
