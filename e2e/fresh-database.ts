import pg from 'pg';

/**
 * Creates the end-to-end server's own PostgreSQL database afresh, so that what the API tests left
 * in DATABASE_URL (events whose pictures live in their temporary folders) never reaches a page.
 */
const url = process.argv[2];
if (url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await client.query(`drop database if exists ${quoted} with (force)`);
  await client.query(`create database ${quoted}`);
  await client.end();
}
