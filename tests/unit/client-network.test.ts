import { describe, expect, it } from "vitest";
import { networkOf } from "~/platform/client-ip";

describe("the client a per-address limit counts", () => {
  it("is an IPv4 address itself", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const same = ["2001:db8:1:2::7", "2001:0db8:0001:0002:ffff:0:0:1", "2001:DB8:1:2:a:b:c:d", "[2001:db8:1:2::1]"];
    for (const ip of same) expect(networkOf(ip), ip).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(networkOf("::ffff:198.51.100.4")).toBe("0:0:0:0::/64");
  });

  it("keeps apart addresses in different /64s", () => {
    expect(networkOf("2001:db8:1:2::1")).not.toBe(networkOf("2001:db8:1:3::1"));
  });

  it("leaves anything unparsable as it came", () => {
    for (const ip of ["unknown", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "zz::1"]) expect(networkOf(ip)).toBe(ip);
  });
});
