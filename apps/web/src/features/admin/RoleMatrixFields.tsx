import { PERMISSION_GROUPS, type PermissionCode } from '@crm/domain';
import { Checkbox, Col, Row } from 'antd';

interface Props {
  value?: PermissionCode[];
  onChange?: (value: PermissionCode[]) => void;
}

/** 'LEADS_REPORT_VIEW' -> 'Leads report view': a code read as words. */
function wordsOf(code: string): string {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The permission matrix: one fieldset per menu group (its legend the group's name), a box per code. A form control
 * (`value` / `onChange`) for antd's Form.Item.
 */
export function RoleMatrixFields({ value = [], onChange }: Props) {
  const chosen = new Set(value);
  const setGroup = (codes: readonly PermissionCode[], picked: PermissionCode[]) => {
    const others = value.filter((code) => !codes.includes(code));
    onChange?.([...others, ...picked]);
  };
  return (
    <Row gutter={[16, 8]}>
      {PERMISSION_GROUPS.map((group) => (
        <Col key={group.key} xs={24} md={12}>
          <fieldset style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: '4px 12px 8px', margin: 0, height: '100%' }}>
            <legend style={{ fontSize: 14, fontWeight: 600, width: 'auto', padding: '0 4px', margin: 0, border: 0 }}>{group.label}</legend>
            <Checkbox.Group
              value={group.codes.filter((code) => chosen.has(code))}
              onChange={(picked) => setGroup(group.codes, picked as PermissionCode[])}
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              options={group.codes.map((code) => ({ value: code, label: wordsOf(code) }))}
            />
          </fieldset>
        </Col>
      ))}
    </Row>
  );
}
