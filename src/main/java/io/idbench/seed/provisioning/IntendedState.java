package io.idbench.seed.provisioning;

import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** What the target must hold once a schedule's steps are applied: every user with its active flag and title, every group's members. */
public final class IntendedState {
    /** A provisioned user as the client left it. */
    public record User(boolean active, String title) {
    }

    private final Map<String, User> users = new LinkedHashMap<>();
    private final Map<String, Set<String>> groups = new LinkedHashMap<>();

    /**
     * What steps leave, applied cycle by cycle, users' phase before groups' (the order the jobs send them in), each job's in
     * its order.
     */
    public static IntendedState replay(List<Step> steps) {
        IntendedState state = new IntendedState();
        steps.stream().sorted(Comparator.comparingInt(Step::cycle).thenComparing(Step::phase)).forEach(state::apply);
        return state;
    }

    /** Applies one step, as the client means it. */
    void apply(Step s) {
        switch (s.kind()) {
            case CREATE_USER -> users.putIfAbsent(s.user(), new User(true, null));
            case UPDATE_USER -> users.computeIfPresent(s.user(), (k, u) -> new User(u.active(), s.value()));
            case DEACTIVATE_USER -> users.computeIfPresent(s.user(), (k, u) -> new User(false, u.title()));
            case DELETE_USER -> {
                users.remove(s.user());
                groups.values().forEach(m -> m.remove(s.user()));
            }
            case CREATE_GROUP -> groups.put(s.group(), new TreeSet<>());
            case ADD_MEMBER -> groups.get(s.group()).add(s.user());
            case REMOVE_MEMBER -> groups.get(s.group()).remove(s.user());
        }
    }

    public Map<String, User> users() {
        return Collections.unmodifiableMap(users);
    }

    /** Each group's members' userNames, sorted. */
    public Map<String, Set<String>> groups() {
        return Collections.unmodifiableMap(groups);
    }

    /** The group a user is in (each user is in one group at most), or null. */
    String groupOf(String user) {
        return groups.entrySet().stream().filter(e -> e.getValue().contains(user)).map(Map.Entry::getKey).findFirst().orElse(null);
    }
}
