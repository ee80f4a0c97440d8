// The driver adapter the Prisma CLI uses for migrations. @prisma/adapter-pg 6.x cannot decode the
// Postgres `name` type (OID 19) that the schema engine reads from the catalog
// (https://github.com/prisma/prisma/issues/27403, open), so results report OID 19 columns as text (25).
/* eslint-disable @typescript-eslint/no-explicit-any -- pg.Pool's overloaded query and connect are wrapped as they are, whatever their overload */
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

const NAME_OID = 19;
const TEXT_OID = 25;

function relabelNameColumns<T>(result: T): T {
  const fields = (result as { fields?: { dataTypeID: number }[] } | undefined)?.fields;
  for (const field of fields ?? []) if (field.dataTypeID === NAME_OID) field.dataTypeID = TEXT_OID;
  return result;
}

function patchQuery<Q extends (...args: any[]) => any>(query: Q): Q {
  return function (this: unknown, ...args: any[]) {
    const out = query.apply(this, args);
    // callback-style calls are passed through untouched
    return out && typeof out.then === 'function' ? out.then(relabelNameColumns) : out;
  } as Q;
}

class NameAsTextPool extends pg.Pool {
  override query = patchQuery(super.query.bind(this)) as any;
  override connect = (async (...args: any[]) => {
    if (args.length) return (super.connect as any)(...args);
    const client = await super.connect();
    client.query = patchQuery(client.query.bind(client)) as any;
    return client;
  }) as any;
}

export function createCliPgAdapter(connectionString: string) {
  // allowExitOnIdle: the CLI exits when its work is done instead of waiting out the idle timeout
  return new PrismaPg(new NameAsTextPool({ connectionString, allowExitOnIdle: true }));
}
