"""The identity the plans create: one SCIM body, which the SCIM plans send and the LDAP plans' samplers map to an entry
(LdapIdentity, the mapping the seeded directory uses too)."""
PROFILE = "urn:idbench:params:scim:schemas:extension:profile:2.0:User"
ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"

def user_body(name, id=None):
    """The workload's identity; with id for a PUT (RFC 7644 3.5.1: the resource replaced, whose id a server may require). Its ssn
    is negative: seeded identities have positive ones, so plan 4's counts over seeded ssn never see the plans' own identities."""
    return ('{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User","' + ENTERPRISE + '","' + PROFILE + '"],'
            + ('"id":"' + id + '",' if id else '') +
            '"userName":"' + name + '","password":"password-1","active":true,'
            '"name":{"givenName":"fn_' + name + '","familyName":"sn_' + name + '"},'
            '"userType":"Type ${__RandomString(1,ABCDEFGHIJ,)}",'
            '"emails":[{"value":"' + name + '@example.org","type":"work","primary":true}],'
            '"phoneNumbers":[{"value":"+1 556 ' + name + '","type":"mobile"}],'
            '"addresses":[{"streetAddress":"4507 Hill Boulevard, Suite 242","locality":"Ashland","region":"OH","postalCode":"23434","country":"US","type":"home"},'
            '{"streetAddress":"8936 Pine Court, Suite 132","locality":"Arlington","region":"VA","postalCode":"13905","country":"US","type":"work"}],'
            '"' + ENTERPRISE + '":{"employeeNumber":"N-' + name + '"},'
            '"' + PROFILE + '":{"ssn":-${__Random(1000000000000,8999999999999,)},"badge":${__Random(1000000000000,8999999999999,)},'
            '"gender":"F","birthPlace":"Rome","birthday":"1980-05-17T00:00:00Z","contractLevel":"senior","contractStart":"2010-03-01T00:00:00Z",'
            '"qualification":"master","institution":"University of Rome","organization":"Tirasa","recruitment":"2010"}}')
