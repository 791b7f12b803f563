package io.idbench.seed.provisioning;

import io.idbench.config.ConfigException;
import io.idbench.config.CycleMix;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The changes plan 5 makes, cycle by cycle, decided before it starts and the same for the same settings: an initial cycle
 * creates every user and every group, each user a member of one group (a share of the users may exist before it: cycle -1);
 * each incremental cycle makes a number of changes drawn
 * by the mix, each to a different user. Every object belongs to one job (users and groups spread round robin), so one
 * object's changes are sent in order, as a client sends them.
 */
public final class ProvisioningSchedule {
    /**
     * @param prefix  the start of every name it makes (a run's own, so that runs never meet)
     * @param users   users of the initial cycle
     * @param groups  groups of the initial cycle (each user in one, round robin)
     * @param jobs    provisioning jobs (the plan's threads)
     * @param cycles  incremental cycles after the initial one
     * @param changes changes per incremental cycle
     * @param mix     what an incremental cycle's changes are
     * @param present percent of the initial cycle's users that exist before it (created in cycle -1): Entra ID documents
     *                matching an existing user as about twice as fast as creating one
     * @param seed    the draws' seed
     */
    public record Settings(String prefix, int users, int groups, int jobs, int cycles, int changes, CycleMix mix, int present,
            long seed) {
        public Settings {
            if (users < 1 || groups < 1 || groups > users) {
                throw new ConfigException("provisioning needs at least 1 user and 1 to users groups, was " + users + " users and "
                        + groups + " groups");
            }
            if (jobs < 1) {
                throw new ConfigException("provisioning jobs must be at least 1, was " + jobs);
            }
            if (present < 0 || present > 100) {
                throw new ConfigException("provisioning.present must be a percentage from 0 to 100, was " + present);
            }
            if (cycles < 0 || changes < 0) {
                throw new ConfigException("provisioning cycles and changes must be at least 0, were " + cycles + " and " + changes);
            }
        }
    }

    private final Settings settings;
    private final List<Step> steps = new ArrayList<>();
    private final IntendedState state = new IntendedState();
    private int lastUser;

    private ProvisioningSchedule(Settings settings) {
        this.settings = settings;
    }

    public static ProvisioningSchedule of(Settings settings) {
        ProvisioningSchedule s = new ProvisioningSchedule(settings);
        s.initial();
        for (int c = 1; c <= settings.cycles(); c++) {
            s.incremental(c);
        }
        return s;
    }

    /** The segments the jobs meet between, in order: "cycle:phase" (-1:users when users are present before the first). */
    public List<String> segments() {
        List<String> out = new ArrayList<>();
        if (settings.present() > 0) {
            out.add("-1:users");
        }
        for (int c = 0; c <= settings.cycles(); c++) {
            out.add(c + ":users");
            out.add(c + ":groups");
        }
        return out;
    }

    /** Every step, cycle by cycle, users' phase before groups'. */
    public List<Step> steps() {
        return Collections.unmodifiableList(steps);
    }

    /** What the target must hold after the last cycle. */
    public IntendedState intended() {
        return state;
    }

    private String user(int i) {
        return settings.prefix() + ".u" + i;
    }

    private String group(int g) {
        return settings.prefix() + ".g" + g;
    }

    private int userJob(String user) {
        return (Integer.parseInt(user.substring(user.lastIndexOf(".u") + 2)) - 1) % settings.jobs();
    }

    private int groupJob(String group) {
        return (Integer.parseInt(group.substring(group.lastIndexOf(".g") + 2)) - 1) % settings.jobs();
    }

    private void add(int cycle, Step.Phase phase, Step.Kind kind, String user, String group, String value) {
        apply(step(cycle, phase, kind, user, group, value));
    }

    private void apply(Step s) {
        steps.add(s);
        state.apply(s);
    }

    /** Whether user i exists before the initial cycle: the first {@code present} of every hundred. */
    private boolean present(int i) {
        return (i - 1) % 100 < settings.present();
    }

    private void initial() {
        for (int i = 1; i <= settings.users(); i++) {
            if (present(i)) {
                add(-1, Step.Phase.USERS, Step.Kind.CREATE_USER, user(i), null, null);
            }
        }
        for (int i = 1; i <= settings.users(); i++) {
            add(0, Step.Phase.USERS, Step.Kind.CREATE_USER, user(i), null, null);
        }
        lastUser = settings.users();
        for (int g = 1; g <= settings.groups(); g++) {
            add(0, Step.Phase.GROUPS, Step.Kind.CREATE_GROUP, null, group(g), null);
            for (int i = g; i <= settings.users(); i += settings.groups()) {
                add(0, Step.Phase.GROUPS, Step.Kind.ADD_MEMBER, user(i), group(g), null);
            }
        }
    }

    private void incremental(int cycle) {
        SplittableRandom random = new SplittableRandom(settings.seed() * 31 + cycle);
        List<String> candidates = new ArrayList<>(state.users().keySet());
        List<Step> users = new ArrayList<>();
        List<Step> groups = new ArrayList<>();
        CycleMix mix = settings.mix();
        for (int k = 0; k < settings.changes() && !candidates.isEmpty(); k++) {
            int draw = random.nextInt(100);
            String u = candidates.remove(random.nextInt(candidates.size()));
            if ((draw -= mix.updates()) < 0) {
                users.add(step(cycle, Step.Phase.USERS, Step.Kind.UPDATE_USER, u, null, "title-" + cycle + "-" + k));
            } else if ((draw -= mix.joiners()) < 0) {
                String joiner = user(++lastUser);
                users.add(step(cycle, Step.Phase.USERS, Step.Kind.CREATE_USER, joiner, null, null));
                groups.add(
                        step(cycle, Step.Phase.GROUPS, Step.Kind.ADD_MEMBER, joiner, group(1 + random.nextInt(settings.groups())), null));
                candidates.add(u);
            } else if ((draw -= mix.movers()) < 0) {
                String from = state.groupOf(u);
                int to = 1 + random.nextInt(settings.groups());
                if (from != null && settings.groups() > 1 && !group(to).equals(from)) {
                    groups.add(step(cycle, Step.Phase.GROUPS, Step.Kind.REMOVE_MEMBER, u, from, null));
                    groups.add(step(cycle, Step.Phase.GROUPS, Step.Kind.ADD_MEMBER, u, group(to), null));
                }
            } else if ((draw -= mix.deactivations()) < 0) {
                users.add(step(cycle, Step.Phase.USERS, Step.Kind.DEACTIVATE_USER, u, null, null));
            } else {
                users.add(step(cycle, Step.Phase.USERS, Step.Kind.DELETE_USER, u, null, null));
            }
        }
        users.forEach(this::apply);
        // A client pushes a group's changes together (Okta batches them in one PATCH): each group's in a row, in drawn order.
        groups.sort(Comparator.comparing(Step::group));
        groups.forEach(this::apply);
    }

    private Step step(int cycle, Step.Phase phase, Step.Kind kind, String user, String group, String value) {
        return new Step(cycle, phase, phase == Step.Phase.USERS ? userJob(user) : groupJob(group), kind, user, group, value);
    }
}
