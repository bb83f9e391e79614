import { Badge } from '@web/components/ui/badge';

export function HospitalStatusBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="gray">Inactive</Badge>;
}
