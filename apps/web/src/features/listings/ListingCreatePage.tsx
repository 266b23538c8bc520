import { LINKS, listingContract, MESSAGES, PATHS } from '@crm/domain';
import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ResourceFormPanel } from '../../kit/form/ResourceFormPanel';
import { linkWithParams } from '../../kit/navigation/list-links';
import { useGoBack } from '../../kit/navigation/useGoBack';
import { ResourcePage } from '../../kit/page/ResourcePage';
import { listingForm } from './form/listing-form';

/** /properties/listings/create: the listing editor; a saved listing opens, Back returns to the list. */
export function ListingCreatePage() {
  const navigate = useNavigate();
  const goBack = useGoBack(PATHS.LISTINGS);
  return (
    <ResourcePage title={MESSAGES.record.addTitle(listingContract.label.one)} back={PATHS.LISTINGS}>
      <Card>
        <ResourceFormPanel
          spec={listingForm}
          mode="create"
          onSaved={(listing) => void navigate(linkWithParams(LINKS.listing(listing._id), { ref: PATHS.LISTINGS }))}
          onCancel={goBack}
        />
      </Card>
    </ResourcePage>
  );
}
