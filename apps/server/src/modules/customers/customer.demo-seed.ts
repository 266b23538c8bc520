import type { CustomerType } from '@crm/domain';
import type { Actor } from '../../core/actor.js';
import type { SettableClock } from '../../core/deps.js';
import { demoPhone, emailOf, UAE_PHONE_CODE, type DemoAssetKey } from '../../core/demo-data.js';
import { createRecord, upsertRecord } from '../../resources/resource-write.service.js';
import type { ResourceDeps } from '../../resources/resource.types.js';
import { customerResource } from './customer.resource.js';

// The demo customers of each asset (docs/api.md 'Demo data'), created through the customer resource at their
// moment: the per-asset customerID, fullName, phoneNumber, search keys, the duplicate check and the activity rows
// are the resource's. Every third one was typed into the CRM; the others came from the website's integration.

const DAY = 86_400_000;

type Fixture = readonly [firstName: string, lastName: string, type?: CustomerType];

const DEMO_CUSTOMERS: Record<DemoAssetKey, readonly Fixture[]> = {
  marina: [
    ['Omar', 'Farouk'],
    ['Jessica', 'Miller'],
    ['Ahmed', 'Qasim'],
    ['Natalia', 'Ivanova'],
    ['Rahul', 'Kapoor'],
    ['Claire', 'Dubois'],
    ['Khalid', 'Saeed'],
    ['Mei', 'Lin'],
    ['Tom', 'Becker'],
    ['Noura', 'Hamdan'],
    ['Lucas', 'Silva'],
    ['Hana', 'Yousef'],
    ['George', 'Wilson'],
    ['Amira', 'Nasser'],
    ['Viktor', 'Sokolov'],
    ['Zainab', 'Ali'],
    ['Bilal', 'Realty', 'External Agent'],
    ['Grace', 'Homes', 'External Agent'],
    ['Promo', 'Sender', 'Spam'],
    ['Unknown', 'Caller', 'Spam'],
  ],
  downtown: [
    ['Yara', 'Haddad'],
    ['James', 'Turner'],
    ['Fahad', 'Al Marri'],
    ['Sofia', 'Rossi'],
    ['Arjun', 'Nair'],
    ['Emma', 'Schmidt'],
    ['Majid', 'Karim'],
    ['Olga', 'Smirnova'],
    ['Ben', 'Carter'],
    ['Reem', 'Abbas'],
    ['Diego', 'Martinez'],
    ['Salma', 'Aziz'],
    ['Peter', 'Novak'],
    ['Leila', 'Rahimi'],
    ['Chen', 'Wei'],
    ['Mariam', 'Saleh'],
    ['Skyline', 'Brokers', 'External Agent'],
    ['Prime', 'Estates', 'External Agent'],
    ['Crypto', 'Offers', 'Spam'],
    ['Robo', 'Dialer', 'Spam'],
  ],
};

export type DemoCustomerDeps = Omit<ResourceDeps, 'clock'> & { clock: SettableClock };

/** Creates the asset's demo customers as `actor` (whose active asset it is), oldest first; their ids and types in order. */
export async function seedDemoCustomers(
  deps: DemoCustomerDeps,
  actor: Actor,
  asset: { key: DemoAssetKey; index: number },
  now: Date,
): Promise<{ id: string; type: CustomerType }[]> {
  const created: { id: string; type: CustomerType }[] = [];
  for (const [i, [firstName, lastName, type = 'Client']] of DEMO_CUSTOMERS[asset.key].entries()) {
    // Created 420 days before `now` and one day apart: before the oldest demo lead.
    deps.clock.set(new Date(now.getTime() - (420 - i) * DAY));
    const body = {
      firstName,
      lastName,
      email: emailOf(`${firstName} ${lastName}`, 'mail.example.com'),
      phoneCode: UAE_PHONE_CODE,
      phone: demoPhone(asset.index, i),
      type,
      doNotDisturb: type === 'Spam',
    };
    const call = { deps, actor };
    const record =
      i % 3 === 0
        ? await createRecord(call, customerResource, body)
        : (await upsertRecord(call, customerResource, { ...body, inputSource: 'Website', sourceDataId: `WEB-${asset.key}-${i + 1}` })).data;
    created.push({ id: String(record._id), type });
  }
  deps.clock.set(now);
  return created;
}
