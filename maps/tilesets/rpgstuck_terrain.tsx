<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="rpgstuck_terrain" tilewidth="32" tileheight="32" tilecount="36" columns="8">
 <image source="rpgstuck_terrain.png" width="256" height="160"/>
 <tile id="0" type="rs_square">
  <properties>
   <property name="label" type="string" value="flagstones"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="1" type="rs_square">
  <properties>
   <property name="label" type="string" value="cracked flagstones"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="2" type="rs_square">
  <properties>
   <property name="label" type="string" value="rubble"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="3" type="rs_square">
  <properties>
   <property name="label" type="string" value="dais (5 ft)"/>
   <property name="elevation_ft" type="int" value="5"/>
  </properties>
 </tile>
 <tile id="4" type="rs_square">
  <properties>
   <property name="label" type="string" value="gallery (10 ft)"/>
   <property name="elevation_ft" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="5" type="rs_square">
  <properties>
   <property name="label" type="string" value="shallows"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="6" type="rs_square">
  <properties>
   <property name="label" type="string" value="deep water"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="swim"/>
  </properties>
 </tile>
 <tile id="7" type="rs_square">
  <properties>
   <property name="label" type="string" value="flooded floor"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="swim"/>
  </properties>
 </tile>
 <tile id="8" type="rs_square">
  <properties>
   <property name="label" type="string" value="grass"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="9" type="rs_square">
  <properties>
   <property name="label" type="string" value="path"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="10" type="rs_square">
  <properties>
   <property name="label" type="string" value="scree"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="11" type="rs_square">
  <properties>
   <property name="label" type="string" value="forest floor"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="12" type="rs_square">
  <properties>
   <property name="label" type="string" value="cave floor"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="13" type="rs_square">
  <properties>
   <property name="label" type="string" value="ledge (10 ft)"/>
   <property name="elevation_ft" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="14" type="rs_square">
  <properties>
   <property name="label" type="string" value="ledge (20 ft)"/>
   <property name="elevation_ft" type="int" value="20"/>
  </properties>
 </tile>
 <tile id="15" type="rs_square">
  <properties>
   <property name="label" type="string" value="clifftop (30 ft)"/>
   <property name="elevation_ft" type="int" value="30"/>
  </properties>
 </tile>
 <tile id="16" type="rs_square">
  <properties>
   <property name="label" type="string" value="wall"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="17" type="rs_square">
  <properties>
   <property name="label" type="string" value="cliff"/>
   <property name="wall" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="18" type="rs_square">
  <properties>
   <property name="label" type="string" value="climbable wall"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="climb"/>
  </properties>
 </tile>
 <tile id="19" type="rs_square">
  <properties>
   <property name="label" type="string" value="cliff face"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="climb"/>
  </properties>
 </tile>
 <tile id="20" type="rs_square">
  <properties>
   <property name="label" type="string" value="pit (20 ft)"/>
   <property name="pit_depth_ft" type="int" value="20"/>
  </properties>
 </tile>
 <tile id="21" type="rs_square">
  <properties>
   <property name="label" type="string" value="crevasse (30 ft)"/>
   <property name="pit_depth_ft" type="int" value="30"/>
  </properties>
 </tile>
 <tile id="22" type="rs_square">
  <properties>
   <property name="label" type="string" value="pillar"/>
   <property name="cover" type="string" propertytype="rs_cover" value="full"/>
  </properties>
 </tile>
 <tile id="23" type="rs_square">
  <properties>
   <property name="label" type="string" value="crate"/>
   <property name="cover" type="string" propertytype="rs_cover" value="half"/>
  </properties>
 </tile>
 <tile id="24" type="rs_square">
  <properties>
   <property name="label" type="string" value="stacked crates"/>
   <property name="cover" type="string" propertytype="rs_cover" value="threequarter"/>
  </properties>
 </tile>
 <tile id="25" type="rs_square">
  <properties>
   <property name="label" type="string" value="fallen masonry"/>
   <property name="cover" type="string" propertytype="rs_cover" value="half"/>
  </properties>
 </tile>
 <tile id="26" type="rs_square">
  <properties>
   <property name="label" type="string" value="sarcophagus"/>
   <property name="cover" type="string" propertytype="rs_cover" value="half"/>
  </properties>
 </tile>
 <tile id="27" type="rs_square">
  <properties>
   <property name="label" type="string" value="statue"/>
   <property name="cover" type="string" propertytype="rs_cover" value="threequarter"/>
  </properties>
 </tile>
 <tile id="28" type="rs_square">
  <properties>
   <property name="label" type="string" value="boulder"/>
   <property name="cover" type="string" propertytype="rs_cover" value="threequarter"/>
  </properties>
 </tile>
 <tile id="29" type="rs_square">
  <properties>
   <property name="label" type="string" value="fallen log"/>
   <property name="cover" type="string" propertytype="rs_cover" value="half"/>
  </properties>
 </tile>
 <tile id="30" type="rs_square">
  <properties>
   <property name="label" type="string" value="tree"/>
   <property name="cover" type="string" propertytype="rs_cover" value="full"/>
  </properties>
 </tile>
 <tile id="31" type="rs_square">
  <properties>
   <property name="label" type="string" value="bushes"/>
   <property name="terrain" type="string" propertytype="rs_terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="32" type="rs_square">
  <properties>
   <property name="light" type="string" propertytype="rs_light" value="dim"/>
  </properties>
 </tile>
 <tile id="33" type="rs_square">
  <properties>
   <property name="light" type="string" propertytype="rs_light" value="dark"/>
  </properties>
 </tile>
</tileset>
