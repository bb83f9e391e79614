import { ArrowLeft, Building2, ClipboardList, Database, FileType2, Gauge, Globe, LayoutList, MapPin, Palette, Settings, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { isApiError } from '@web/lib/api-client';
import { ErrorPanel, LoadingPanel } from '../../components/query-states';
import { TabLinks, type TabLink } from '../../components/tab-links';
import { useConsoleAdmin } from '../../lib/use-console-admin';
import { UsersList } from '../../users/components/users-list';
import { useHospital } from '../api/hospitals';
import { BrandTab } from '../components/brand-tab';
import { DataSourcesTab } from '../components/data-sources-tab';
import { DirectoryTab } from '../components/directory-tab';
import { HospitalStatusBadge } from '../components/hospital-status-badge';
import { LocationsTab } from '../components/locations-tab';
import { PermissionsTab } from '../components/permissions-tab';
import { ReadingLevelsTab } from '../components/reading-levels-tab';
import { RosterTab } from '../components/roster-tab';
import { SettingsTab } from '../components/settings-tab';
import { DATA_SOURCE_LABELS } from '../lib/labels';

export const HOSPITAL_TABS = [
  { slug: '', label: 'Settings', icon: Settings },
  { slug: 'permissions', label: 'Section permissions', icon: LayoutList },
  { slug: 'reading-levels', label: 'Reading levels', icon: Gauge },
  { slug: 'locations', label: 'Locations', icon: MapPin },
  { slug: 'brand', label: 'Brand', icon: Palette },
  { slug: 'data-sources', label: 'Data sources', icon: Database },
  { slug: 'directory', label: 'Public directory', icon: Globe },
  { slug: 'users', label: 'Users', icon: Users },
  { slug: 'roster', label: 'Roster', icon: ClipboardList },
] as const;

type TabSlug = (typeof HOSPITAL_TABS)[number]['slug'];

export function HospitalDetailPage() {
  const { hospitalId = '', tab = '' } = useParams();
  const actor = useConsoleAdmin();
  const hospital = useHospital(hospitalId);
  const system = actor?.role === 'system_admin';

  if (!actor) return null;
  const current = HOSPITAL_TABS.find((candidate) => candidate.slug === tab);
  if (!current) return <Navigate to={`/system-admin/hospitals/${hospitalId}`} replace />;

  const back = system ? (
    <Link to="/system-admin/hospitals" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All hospitals
    </Link>
  ) : null;

  if (hospital.isPending) return <LoadingPanel label="Loading the hospital" />;
  if (hospital.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        {isApiError(hospital.error, 404) ? (
          <PageHeader icon={Building2} title="Hospital not found" description="It may have been deleted, or you do not manage it." />
        ) : (
          <ErrorPanel title="The hospital could not be loaded." error={hospital.error} onRetry={() => void hospital.refetch()} />
        )}
      </div>
    );
  }

  const data = hospital.data;
  const tabs: TabLink[] = HOSPITAL_TABS.map(({ slug, label, icon }) => ({ to: `/system-admin/hospitals/${data.id}${slug ? `/${slug}` : ''}`, label, icon }));
  const body: Record<TabSlug, ReactNode> = {
    '': <SettingsTab hospital={data} canActivate={system} />,
    permissions: <PermissionsTab hospitalId={data.id} />,
    'reading-levels': <ReadingLevelsTab hospitalId={data.id} />,
    locations: <LocationsTab hospitalId={data.id} />,
    brand: <BrandTab hospitalId={data.id} />,
    'data-sources': <DataSourcesTab hospitalId={data.id} hospitalDataSource={data.dataSource} />,
    directory: <DirectoryTab hospitalId={data.id} />,
    users: <UsersList hospitalId={data.id} system={system} />,
    roster: <RosterTab hospitalId={data.id} />,
  };

  return (
    <div className="flex flex-col gap-6">
      {back}
      <PageHeader
        icon={Building2}
        title={data.name}
        description={
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-mono text-gray-700">{data.code}</span>
            <HospitalStatusBadge active={data.isActive} />
            <Badge variant={data.dataSource === 'yext' ? 'coral' : 'brand'}>
              <FileType2 aria-hidden="true" className="size-3" />
              {DATA_SOURCE_LABELS[data.dataSource]}
            </Badge>
          </span>
        }
      />
      <TabLinks tabs={tabs} label="Hospital settings" />
      <div role="region" aria-label={current.label}>
        {body[current.slug]}
      </div>
    </div>
  );
}

export { HospitalDetailPage as Component };
