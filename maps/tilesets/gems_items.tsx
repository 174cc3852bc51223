<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="gems_items" tilewidth="32" tileheight="32" tilecount="9" columns="9">
 <image source="gems_items.png" width="288" height="32"/>
 <tile id="0">
  <properties>
   <property name="kind" type="string" value="rock"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" type="string" value="crate"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" type="string" value="hardlight_spear"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" type="string" value="hardlight_sword"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" type="string" value="gem_shard"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" type="string" value="barrel"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" type="string" value="gemstone"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="marker" type="string" value="spawn_side_0"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="marker" type="string" value="spawn_side_1"/>
  </properties>
 </tile>
</tileset>
