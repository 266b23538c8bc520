import { LINKS } from '@crm/domain';
import { Navigate, useLocation, useParams } from 'react-router-dom';

/**
 * /reports/leads/{id}/update (the report's row link) goes to the Update Lead page, /leads/{id}/update, keeping
 * the query params (ref, refresh...).
 */
export function LeadUpdateRedirect() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`${LINKS.leadUpdatePage(id)}${search}`} replace />;
}
