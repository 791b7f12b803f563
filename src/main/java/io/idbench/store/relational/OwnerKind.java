package io.idbench.store.relational;

import java.util.function.Supplier;

/** Everything the relational store needs to know about users or groups, bundled. */
record OwnerKind(RelationalTable table, Catalogue catalogue, EavMapper mapper, RelationalFilterSql sql,
        Class<? extends OwnerEntity> ownerClass, Class<? extends AttrEntity> attrClass,
        Class<? extends ValueEntity> valueClass, Class<? extends UniqueValueEntity> uniqueClass,
        Supplier<OwnerEntity> newOwner, Supplier<AttrEntity> newAttr, Supplier<ValueEntity> newValue,
        Supplier<UniqueValueEntity> newUnique) {

    static OwnerKind users(Catalogue catalogue) {
        return new OwnerKind(RelationalTable.USERS, catalogue, new EavMapper(catalogue),
                new RelationalFilterSql(catalogue, RelationalTable.USERS), UserRow.class, UserAttr.class,
                UserValue.class, UserUniqueValue.class, UserRow::new, UserAttr::new, UserValue::new, UserUniqueValue::new);
    }

    static OwnerKind groups(Catalogue catalogue) {
        return new OwnerKind(RelationalTable.GROUPS, catalogue, new EavMapper(catalogue),
                new RelationalFilterSql(catalogue, RelationalTable.GROUPS), GroupRow.class, GroupAttr.class,
                GroupValue.class, GroupUniqueValue.class, GroupRow::new, GroupAttr::new, GroupValue::new,
                GroupUniqueValue::new);
    }
}
