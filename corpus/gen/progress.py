"""Forward-progress litmus specs (litmus_*.wgsl): message passing, ticket lock, CAS mutex,
inter-workgroup barrier, each also in a one-thread-per-workgroup form.

The expectations are the protocols' end states, worked out by hand from the kernels' headers
(no simulation): whatever order the participants run in, a completed run leaves every counter
at participants * rounds, the lock free, nobody inside, no violation, and the payload / the
neighbour's slot where the protocol puts it. Which schedulers each kernel needs is in
corpus/README.md ("Progress litmus kernels")."""
from common import shader, write_spec


def message_passing(name, wg_size):
    payload = [1000 + 17 * i for i in range(wg_size)]
    write_spec(name, {
        'buffers': {'flag': {'size': 4, 'expect': {'u32': [2]}},
                    'data': {'size': 4 * wg_size, 'expect': {'u32': payload}},
                    'got': {'size': 4 * wg_size, 'expect': {'u32': payload}}},
        'passes': [{'shader': shader('litmus_message_passing'), 'overrides': {'producer': 0, 'wg_size': wg_size},
                    'dispatch': [2, 1, 1], 'bind': {'0:0': 'flag', '0:1': 'data', '0:2': 'got'}}]})


def ticket_lock(name, scheme, groups, wg_size, rounds):
    participants = groups if scheme == 0 else groups * wg_size
    total = participants * rounds
    # next_ticket, now_serving, counter, inside, violations
    write_spec(name, {
        'buffers': {'st': {'size': 20, 'expect': {'u32': [total, total, total, 0, 0]}}},
        'passes': [{'shader': shader('litmus_ticket_lock'),
                    'overrides': {'rounds': rounds, 'wg_size': wg_size, 'scheme': scheme},
                    'dispatch': [groups, 1, 1], 'bind': {'0:0': 'st'}}]})


def mutex_cas(name, groups, wg_size, rounds):
    total = groups * rounds
    # lock, counter, acquisitions, inside, violations
    write_spec(name, {
        'buffers': {'st': {'size': 20, 'expect': {'u32': [0, total, total, 0, 0]}},
                    'rounds_seen': {'size': 4 * groups * wg_size, 'expect': {'u32': [rounds] * (groups * wg_size)}}},
        'passes': [{'shader': shader('litmus_mutex_cas'), 'overrides': {'rounds': rounds, 'wg_size': wg_size},
                    'dispatch': [groups, 1, 1], 'bind': {'0:0': 'st', '0:1': 'rounds_seen'}}]})


def barrier(name, groups, wg_size):
    out = [10 * (((w + 1) % groups) + 1) + l for w in range(groups) for l in range(wg_size)]
    write_spec(name, {
        'buffers': {'arrived': {'size': 4, 'expect': {'u32': [groups]}},
                    'slots': {'size': 4 * groups, 'expect': {'u32': [10 * (w + 1) for w in range(groups)]}},
                    'out': {'size': 4 * groups * wg_size, 'expect': {'u32': out}}},
        'passes': [{'shader': shader('litmus_interworkgroup_barrier'), 'overrides': {'wg_size': wg_size},
                    'dispatch': [groups, 1, 1], 'bind': {'0:0': 'arrived', '0:1': 'slots', '0:2': 'out'}}]})


def main():
    message_passing('litmus_mp_one_thread', 1)
    message_passing('litmus_mp_workgroup', 64)
    ticket_lock('litmus_ticket_lock_one_thread', 0, 8, 1, 3)
    ticket_lock('litmus_ticket_lock_leader', 0, 4, 64, 2)
    ticket_lock('litmus_ticket_lock_simt_safe', 1, 2, 32, 1)
    mutex_cas('litmus_mutex_cas_one_thread', 8, 1, 3)
    mutex_cas('litmus_mutex_cas_leader', 3, 64, 2)
    barrier('litmus_barrier_one_thread', 2, 1)
    barrier('litmus_barrier_workgroup', 2, 32)


if __name__ == '__main__':
    main()
