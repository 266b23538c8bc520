import { Select } from 'antd';
import { useProjectOptions } from '../hooks/useProjectOptions';
import { SEARCH_BY_LABEL } from '../lead-form-rules';
import type { ProjectOption } from '../lead-form-values';

interface ProjectSelectProps {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  onPick: (project: ProjectOption | undefined) => void;
  disabled?: boolean;
}

function projectLabel(project: ProjectOption): string {
  const name = project.name || project._id;
  const campaign = project.campaignName;
  return campaign && campaign !== name ? `${name} (${campaign})` : name;
}

/** The off-plan project (the lead's campaignName); every project of the asset, searched in place. */
export function ProjectSelect({ value, onChange, onPick, disabled }: ProjectSelectProps) {
  const { projects, loading } = useProjectOptions();
  return (
    <Select
      aria-label="Project"
      value={value ?? undefined}
      placeholder="Select a project"
      showSearch={SEARCH_BY_LABEL}
      allowClear
      loading={loading}
      disabled={disabled}
      options={projects.map((p) => ({ value: p._id, label: projectLabel(p) }))}
      onChange={(id: string | undefined) => {
        onChange?.(id);
        onPick(projects.find((p) => p._id === id));
      }}
    />
  );
}
