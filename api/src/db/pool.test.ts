/**
 * The database ending a session (restart, failover, an operator's pg_terminate_backend) while a connection is
 * checked out — an export waiting on a slow reader, a transaction between two statements — fails that work
 * only: the process keeps running and the pool serves the next request on a fresh connection.
 */
import { createPool } from './pool';

const url = process.env.DATABASE_URL!;

it('survives the server terminating a checked-out connection, and the pool recovers', async () => {
  const pool = createPool(url, { as: 'owner', max: 1 });
  const admin = createPool(url, { as: 'owner', max: 1 });
  try {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const ended = new Promise((resolve) => client.once('end', resolve));
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await ended;

    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release();

    const after = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(after.rows[0]!.pid).not.toBe(rows[0]!.pid);
  } finally {
    await Promise.all([pool.end(), admin.end()]);
  }
});
